// BasicNetworking's public API is made of BasicCore's values (`Response.json` is a `JSONValue`,
// parameters are a `JSONObject`, decoding takes a `JSONKeyPath`), so importing BasicNetworking
// brings them along, as importing Foundation brings `Data`.
@_exported import BasicCore
