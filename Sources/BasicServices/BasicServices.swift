// The umbrella: `import BasicServices` brings every library module of the package, for an app
// that uses most of them. Each module can also be imported on its own. Two libraries are not part
// of it, being for programs that run in a terminal, which an iOS app is not: BasicCLI, the
// command-line library, and BasicTerminal (raw mode, keys, a cell grid drawn with ANSI), whose
// general names (`Key`, `Cell`, `CellGrid`) would also crowd an app's own. Import them by name.
@_exported import BasicCache
@_exported import BasicCore
@_exported import BasicCrypto
@_exported import BasicFormat
@_exported import BasicLayout
@_exported import BasicNetworking
@_exported import BasicRouting
@_exported import BasicStore
@_exported import BasicXML
