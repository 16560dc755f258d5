// The umbrella: `import BasicServices` brings every library module of the package, for an app
// that uses most of them. Each module can also be imported on its own. BasicCLI, the
// command-line library, is not part of it: an app has no use for it.
@_exported import BasicCache
@_exported import BasicCore
@_exported import BasicCrypto
@_exported import BasicFormat
@_exported import BasicLayout
@_exported import BasicNetworking
@_exported import BasicRouting
@_exported import BasicStore
@_exported import BasicXML
