/// GitLab CI to GitLab Pages. Pages of a private project can be public on a free account, so a
/// private journal keeps the same file with its secrets passed to the build command.
extension StarterCI {
    static func gitlab(_ options: JournalStarter.Options) -> String {
        """
        # Builds the journal with Daybook on every push to the default branch and publishes it on
        # GitLab Pages at $CI_PAGES_URL.
        \(options.isPrivate ? gitlabPrivateNote : "")variables:
        \(pins(options, quoteSource: true))
          # Where the job keeps the Daybook binary (cached between runs).
          DAYBOOK_BIN: .daybook-bin
          DAYBOOK_SRC: /tmp/daybook-source
          # The journal's dates are read in the zone of daybook.yml; the job's clock shows the same.
          TZ: "\(options.timeZone)"

        pages:
          image: \(DaybookVersion.swiftImage)
          stage: deploy
          cache:
            # The Daybook binary, built once per version.
            - key: daybook-$DAYBOOK_VERSION-$DAYBOOK_COMMIT
              paths:
                - .daybook-bin/
            # The build cache and the last output: a push rebuilds only what changed.
            - key: journal
              paths:
                - .daybook/
                - public/
          before_script:
            - \(aptInstall)
            - |
              if [ ! -x "$DAYBOOK_BIN/daybook" ]; then
        \(indented(buildDaybook(into: "$DAYBOOK_BIN"), by: 8))
              fi
          script:
        \(options.isPrivate ? gitlabPrivateBuild : gitlabPublicBuild)
          artifacts:
            paths:
              - public
          rules:
            - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH

        """
    }

    static let gitlabPrivateNote = """
        # Keep this project private: its entries and .daybook/ are your words in plain text. Once:
        # Settings -> CI/CD -> Variables: masked, protected JOURNAL_PASSWORD and JOURNAL_SITE_KEY;
        # Settings -> General -> Visibility -> Pages: "Everyone" (the site itself is encrypted).

        """

    static let gitlabPublicBuild = """
            # Private entries: add masked, protected CI/CD variables JOURNAL_PASSWORD and
            # JOURNAL_SITE_KEY (Settings -> CI/CD -> Variables) and use this line instead, so
            # Daybook's variables are set for the build command alone
            # (one DAYBOOK_PASSWORD_<READER>="$JOURNAL_PASSWORD_<READER>" more per named reader):
            # - DAYBOOK_PASSWORD="$JOURNAL_PASSWORD" DAYBOOK_SITE_KEY="$JOURNAL_SITE_KEY" "$DAYBOOK_BIN/daybook" build . --output public --base-url "$CI_PAGES_URL"
            - '"$DAYBOOK_BIN/daybook" build . --output public --base-url "$CI_PAGES_URL"'
        """

    static let gitlabPrivateBuild = """
            # Daybook's variables are set for the build command alone
            # (one DAYBOOK_PASSWORD_<READER>="$JOURNAL_PASSWORD_<READER>" more per named reader).
            # The commit's time: a browser refuses an older copy of the journal than it has opened.
            - export SOURCE_DATE_EPOCH="$(date -d "$CI_COMMIT_TIMESTAMP" +%s)"
            - DAYBOOK_PASSWORD="$JOURNAL_PASSWORD" DAYBOOK_SITE_KEY="$JOURNAL_SITE_KEY" "$DAYBOOK_BIN/daybook" build . --output public --base-url "$CI_PAGES_URL"
        """
}
