// Linux differences of FeedsClient, in one place (STYLE.md 17).
//
// - URLSession and its delegate protocols live in FoundationNetworking on Linux, not Foundation:
//   the files that use them (Refresh/RedirectRefusingDelegate.swift, Subscriptions.swift) import
//   it behind `#if canImport(FoundationNetworking)`.
// - `memmem`, which search uses, is Glibc's on Linux and Darwin's on Apple platforms:
//   Search/SearchText.swift imports whichever there is.
