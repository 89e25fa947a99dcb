/// The version of Daybook, printed by `daybook --version`.
public enum DaybookVersion {
    public static let string = "0.1.0"
}
