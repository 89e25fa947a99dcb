/// `places/names.js`: every place's name and page, for `search-ui.js` to show a link to the
/// place a `place:` query names. A script, not JSON, so it loads from disk too (`ScriptData`).
/// Its name is fixed, so pages do not change when a place is added.
enum PlaceNamesFile {
    static let path = "places/names.js"
    static let global = "daybookPlaces"

    /// `{"places":[["Kyoto","places/kyoto/"],…]}`, paths from the site root, in the index's order.
    static func make(_ index: PlaceIndex, settings: Settings) -> OutputFile {
        let root = Linker(absoluteRoot: "", settings: settings)
        var json = JSONWriter()
        json.object { json in
            json.field("places") { json in
                json.array(index.places) { json, place in json.stringArray([place.name, root.href(place.path)]) }
            }
        }
        let bytes = ScriptData.global(global, json: json.bytes, comment: "The journal's places and their pages, written by Daybook.")
        return OutputFile(path: path, bytes: bytes)
    }
}
