#!/usr/bin/env python3
"""Apple availability, checked on Linux: no Apple SDK here, so nothing would otherwise notice a use
of an API newer than the platforms Package.swift declares.

What it does
  1. Reads the minimums from Package.swift's `platforms:` (`.iOS(.v18)`, `.macOS("15.4")`, ...).
  2. Collects the `@available(macOS …, iOS …, watchOS …, tvOS …, visionOS …)` annotations of the
     public declarations in this toolchain's interface files (Swift, _Concurrency, Synchronization,
     _StringProcessing, RegexBuilder, Observation, Distributed; Linux's interface files keep
     Apple's annotations), an annotation on an `extension` or type applying to its members.
  3. Reads every .swift file under the source folders, without comments and string literals, and
     reports each use of a declaration newer than the minimums that is not inside an availability
     check: `if #available(…) {…}`, `guard #available(…) else {…}` (the rest of the scope), or a
     declaration marked `@available(…)`. Code under an `#if` that Apple builds never compile
     (`os(Linux)`, `canImport(Glibc)`, `canImport(FoundationNetworking)`, an unset `-D` flag, …) is
     skipped; `canImport(Darwin)` and the like count as true.

How a use is recognised (by name, not by type checking)
  - A type (struct, class, enum, protocol, actor, typealias) newer than the minimums is reported
    wherever its name appears as an identifier, unless the sources declare a type of that name
    themselves (a module's own declaration shadows the import).
  - A member or function is reported when written qualified by its type (`Task.immediate`), or
    unqualified (`.name` or `name(`) when every declaration of that name in the interfaces is newer
    than the minimums and the sources declare nothing of that name.

Limits (say so before trusting a green run)
  - It is not a type checker: a member reached through a value of an inferred type
    (`x.immediate` where x is a Task) is only caught when the name is unambiguous, and overloads
    that differ only by argument labels or types share one verdict per (type, name).
  - Foundation's Apple annotations are not in the Linux interface files (corelibs-foundation is a
    different implementation). The Foundation APIs the sources rely on are listed by hand in
    FOUNDATION below with their Apple minimums, read from Apple's documentation; each is matched by
    a pattern. Add a row when the sources start using a Foundation API newer than iOS 13.
  - Dispatch ships no .swiftinterface on Linux (only a binary .swiftmodule), so its Apple
    annotations are not read either. The sources use queues (`async`, `concurrentPerform`), timer
    and signal sources and `DispatchTime`, all in Apple's Dispatch since macOS 10.10 and iOS 8;
    a newer Dispatch API (`asyncAndWait`, iOS 15) would need a FOUNDATION-style row by hand.
  - Libraries Apple ships only on its own systems (CryptoKit, CommonCrypto, os) have no interface
    files here; their branches are reviewed by hand (see ARCHITECTURE.md, "Apple platforms").
  - The C declarations of Apple's SDK (Darwin's headers) are not read: an API a header marks
    unavailable on a platform, such as posix_spawn on tvOS and watchOS, is fenced by hand (the
    reader's BrowserLauncher) and found by review.

Usage: check-availability.py [--package DIR] [--sources DIR ...] [--interfaces DIR]
Exit status 0 when nothing is reported, 1 when something is, 2 when the input cannot be read.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, field

APPLE_PLATFORMS = ("macOS", "iOS", "watchOS", "tvOS", "visionOS")
INTERFACE_MODULES = (
    "Swift",
    "_Concurrency",
    "Synchronization",
    "_StringProcessing",
    "RegexBuilder",
    "Observation",
    "Distributed",
)

# Foundation APIs the sources use that are newer than iOS 13 / macOS 10.15, with their Apple
# minimums (from developer.apple.com's documentation pages): (pattern, versions, what).
FOUNDATION = [
    (r"\.formatted\(", {"macOS": "12.0", "iOS": "15.0", "watchOS": "8.0", "tvOS": "15.0"},
     "Foundation's FormatStyle `formatted(_:)`"),
    (r"\.data\(for\s*:", {"macOS": "12.0", "iOS": "15.0", "watchOS": "8.0", "tvOS": "15.0"},
     "URLSession.data(for:) (async)"),
    (r"\.bytes\(for\s*:", {"macOS": "12.0", "iOS": "15.0", "watchOS": "8.0", "tvOS": "15.0"},
     "URLSession.bytes(for:) (async)"),
    (r"URL\(filePath\s*:", {"macOS": "13.0", "iOS": "16.0", "watchOS": "9.0", "tvOS": "16.0"},
     "URL(filePath:)"),
    (r"\.appending\(path\s*:", {"macOS": "13.0", "iOS": "16.0", "watchOS": "9.0", "tvOS": "16.0"},
     "URL.appending(path:)"),
    (r"\.appending\(component\s*:", {"macOS": "13.0", "iOS": "16.0", "watchOS": "9.0", "tvOS": "16.0"},
     "URL.appending(component:)"),
    (r"\.path\(percentEncoded\s*:", {"macOS": "13.0", "iOS": "16.0", "watchOS": "9.0", "tvOS": "16.0"},
     "URL.path(percentEncoded:)"),
    (r"URL\.(homeDirectory|temporaryDirectory|currentDirectory)\b",
     {"macOS": "13.0", "iOS": "16.0", "watchOS": "9.0", "tvOS": "16.0"}, "URL's directory properties"),
    (r"\bDate\.now\b", {"macOS": "12.0", "iOS": "15.0", "watchOS": "8.0", "tvOS": "15.0"}, "Date.now"),
    (r"\.ISO8601Format\(", {"macOS": "12.0", "iOS": "15.0", "watchOS": "8.0", "tvOS": "15.0"},
     "Date.ISO8601Format()"),
    (r"RelativeFormatStyle", {"macOS": "12.0", "iOS": "15.0", "watchOS": "8.0", "tvOS": "15.0"},
     "Date.RelativeFormatStyle"),
    # `.gmt` also where the type is inferred (`?? .gmt`, `timeZone: .gmt`): no other API of ours or
    # of the toolchain has a member of that name.
    (r"(?<![\w.])(?:TimeZone)?\.gmt\b", {"macOS": "13.0", "iOS": "16.0", "watchOS": "9.0", "tvOS": "16.0"},
     "TimeZone.gmt"),
]


def parse_version(text: str) -> tuple[int, ...]:
    """`15`, `15.0` and `15.0.0` as one comparable value."""
    parts = [int(part) for part in text.split(".") if part.isdigit()]
    return tuple((parts + [0, 0, 0])[:3])


def format_versions(versions: dict[str, tuple[int, ...]]) -> str:
    def text(version: tuple[int, ...]) -> str:
        parts = list(version)
        while len(parts) > 2 and parts[-1] == 0:
            parts.pop()
        return ".".join(map(str, parts))

    return ", ".join(f"{p} {text(versions[p])}" for p in APPLE_PLATFORMS if p in versions)


AVAILABLE = re.compile(r"@available\(([^)]*)\)")
PLATFORM_VERSION = re.compile(r"\b(macOS|iOS|watchOS|tvOS|visionOS)\s+(\d+(?:\.\d+)*)")


def availability_of(arguments: str) -> dict[str, tuple[int, ...]] | None:
    """The Apple versions an `@available(...)` / `#available(...)` argument list names, or None."""
    if "unavailable" in arguments or "deprecated" in arguments and not PLATFORM_VERSION.search(arguments):
        return None
    found = {m.group(1): parse_version(m.group(2)) for m in PLATFORM_VERSION.finditer(arguments)}
    return found or None


def newer(required: dict[str, tuple[int, ...]], floor: dict[str, tuple[int, ...]]) -> bool:
    """Whether `required` asks for more than `floor` on some platform the package supports."""
    return any(p in floor and required.get(p, ()) > floor[p] for p in required)


# ---------------------------------------------------------------------------------------------
# Package.swift


def package_minimums(package_dir: str) -> dict[str, tuple[int, ...]]:
    with open(os.path.join(package_dir, "Package.swift"), encoding="utf-8") as handle:
        text = handle.read()
    match = re.search(r"^\s*platforms\s*:\s*\[(.*?)\]", text, re.S | re.M)
    if not match:
        raise SystemExit(
            "error: Package.swift declares no `platforms:`; declare the Apple minimums first (see ARCHITECTURE.md)")
    minimums = {}
    for m in re.finditer(r"\.(macOS|iOS|watchOS|tvOS|visionOS)\(\s*(?:\.v([\d_]+)|\"([\d.]+)\")\s*\)",
                         match.group(1)):
        raw = m.group(2).replace("_", ".") if m.group(2) else m.group(3)
        minimums[m.group(1)] = parse_version(raw)
    if not minimums:
        raise SystemExit("error: Package.swift's `platforms:` names no Apple platform this script knows")
    return minimums


# ---------------------------------------------------------------------------------------------
# Interface files


@dataclass
class Declaration:
    name: str
    context: str  # the innermost type or extended type, "" at the top level
    kind: str  # "type" or "member"
    versions: dict[str, tuple[int, ...]] | None
    module: str


DECL = re.compile(
    r"\b(?P<kind>struct|class|enum|protocol|actor|typealias|extension|func|var|let|case|init|subscript"
    r"|associatedtype|macro)\b\s*(?P<name>[A-Za-z_][A-Za-z0-9_.]*|`[^`]+`)?")
TYPE_KINDS = {"struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype"}


def interface_path(directory: str, module: str) -> str | None:
    folder = os.path.join(directory, f"{module}.swiftmodule")
    if not os.path.isdir(folder):
        return None
    for name in sorted(os.listdir(folder)):
        if name.endswith(".swiftinterface") and ".private." not in name:
            return os.path.join(folder, name)
    return None


def read_interfaces(directory: str) -> list[Declaration]:
    declarations: list[Declaration] = []
    for module in INTERFACE_MODULES:
        path = interface_path(directory, module)
        if path is None:
            continue
        with open(path, encoding="utf-8") as handle:
            declarations.extend(parse_interface(handle.read(), module))
    if not declarations:
        raise SystemExit(f"error: no interface files found in {directory}; pass --interfaces")
    return declarations


def parse_interface(text: str, module: str) -> list[Declaration]:
    declarations = []
    # Each scope: (context name, availability of the scope, is a protocol)
    scopes: list[tuple[str, dict | None, bool]] = [("", None, False)]
    pending: dict | None = None
    pending_unavailable = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("//") or line.startswith("#"):
            continue
        for m in AVAILABLE.finditer(line):
            found = availability_of(m.group(1))
            if "unavailable" in m.group(1) and not PLATFORM_VERSION.search(m.group(1)):
                pending_unavailable = True
            elif found:
                pending = merge(pending, found)
        decl_line = AVAILABLE.sub("", line)
        match = DECL.search(decl_line)
        opened_context = None
        if match:
            kind = match.group("kind")
            name = (match.group("name") or "").strip("`")
            outer_context, outer_versions, in_protocol = scopes[-1]
            visible = "public " in f" {decl_line} " or "open " in decl_line or in_protocol or kind == "extension"
            internal = "internal " in decl_line or "private " in decl_line or "@usableFromInline" in line
            versions = merge(outer_versions, pending)
            if kind == "extension":
                opened_context = (name.split(".")[-1], versions, False)
            elif kind in TYPE_KINDS or kind in ("struct", "class", "enum", "actor"):
                if visible and not internal and not pending_unavailable and name and not name.startswith("_"):
                    declarations.append(Declaration(name, outer_context, "type", versions, module))
                opened_context = (name, versions, kind == "protocol")
            elif kind in ("func", "var", "let", "case", "macro") and name:
                if visible and not internal and not pending_unavailable and not name.startswith("_"):
                    declarations.append(Declaration(name, outer_context, "member", versions, module))
                opened_context = (outer_context, versions, False)
            elif kind in ("init", "subscript"):
                if visible and not internal and not pending_unavailable:
                    declarations.append(Declaration(kind, outer_context, "member", versions, module))
                opened_context = (outer_context, versions, False)
            pending = None
            pending_unavailable = False
        depth_change = count_braces(decl_line)
        for _ in range(depth_change[0]):
            scopes.append(opened_context or scopes[-1])
            opened_context = None
        for _ in range(depth_change[1]):
            if len(scopes) > 1:
                scopes.pop()
    return declarations


def merge(outer: dict | None, inner: dict | None) -> dict | None:
    if outer is None:
        return dict(inner) if inner else None
    if inner is None:
        return dict(outer)
    merged = dict(outer)
    for platform, version in inner.items():
        merged[platform] = max(version, merged.get(platform, ()))
    return merged


def count_braces(line: str) -> tuple[int, int]:
    text = strip_strings_line(line)
    return text.count("{"), text.count("}")


def strip_strings_line(line: str) -> str:
    return re.sub(r'"(?:\\.|[^"\\])*"', '""', line)


# ---------------------------------------------------------------------------------------------
# Our sources


def strip_comments_and_strings(text: str) -> str:
    """The source with comments and string literal contents blanked (line breaks kept), so that
    offsets and line numbers stay where they were."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(text[i:j]))
            i = j
        elif c == "#" and re.match(r'#+"', text[i:]):
            hashes = re.match(r"#+", text[i:]).group(0)
            quote = '"""' if text.startswith(hashes + '"""', i) else '"'
            start = i + len(hashes) + len(quote)
            end = text.find(quote + hashes, start)
            end = n if end < 0 else end + len(quote) + len(hashes)
            out.append(blank(text[i:end]))
            i = end
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append(blank(text[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(blank(text[i:j + 1]))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def blank(segment: str) -> str:
    return "".join("\n" if ch == "\n" else " " for ch in segment)


# Modules an Apple build cannot import; every other `canImport` counts as true there (the SDK's
# modules, and this package's own, COpenSSL excepted: Package.swift links it on Linux only).
NOT_ON_APPLE = {"Glibc", "Musl", "Bionic", "Android", "WinSDK", "FoundationNetworking", "FoundationXML", "COpenSSL"}


def apple_condition(expression: str) -> bool:
    """Evaluates an `#if` condition as an Apple build would see it."""
    expr = expression.strip()

    def atom(m: re.Match) -> str:
        function, argument = m.group(1), m.group(2).strip()
        if function == "os":
            return str(argument in ("macOS", "iOS", "watchOS", "tvOS", "visionOS", "OSX"))
        if function == "canImport":
            return str(argument.split(",")[0].strip() not in NOT_ON_APPLE)
        if function in ("compiler", "swift", "hasFeature", "hasAttribute"):
            return "True"
        if function == "arch":
            return str(argument in ("arm64", "x86_64"))
        if function == "targetEnvironment":
            return "True" if argument in ("simulator", "macCatalyst") else "False"
        return "False"

    expr = re.sub(r"\b(os|canImport|compiler|swift|hasFeature|hasAttribute|arch|targetEnvironment)\s*\(([^)]*)\)",
                  atom, expr)
    expr = re.sub(r"\b(?!True\b|False\b)[A-Za-z_][A-Za-z0-9_]*\b", "False", expr)  # unset -D flags
    expr = expr.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    try:
        return bool(eval(expr, {"__builtins__": {}}, {"True": True, "False": False}))
    except Exception:  # an expression this evaluator does not understand counts as compiled
        return True


@dataclass
class Finding:
    path: str
    line: int
    what: str
    required: dict
    guard: dict


@dataclass
class Scope:
    guard: dict  # the versions code in this scope may use


def check_file(path: str, display: str, index: "Index", floor: dict) -> list[Finding]:
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    code = strip_comments_and_strings(source)
    lines = code.split("\n")
    findings: list[Finding] = []
    active_stack: list[tuple[bool, bool]] = []  # (this branch active, some branch taken)
    scopes = [Scope(dict(floor))]
    pending_guard: dict | None = None  # what the next `{` opens: an `if #available` or `@available` body
    guard_statement: dict | None = None  # `guard #available(…) else {`: holds after its else block
    guard_depth: int | None = None

    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            word, rest = directive.group(1), directive.group(2)
            if word == "if":
                value = apple_condition(rest)
                active_stack.append((value, value))
            elif word == "elseif" and active_stack:
                _, taken = active_stack[-1]
                value = not taken and apple_condition(rest)
                active_stack[-1] = (value, taken or value)
            elif word == "else" and active_stack:
                _, taken = active_stack[-1]
                active_stack[-1] = (not taken, True)
            elif word == "endif" and active_stack:
                active_stack.pop()
            continue
        if not all(active for active, _ in active_stack):
            continue

        for m in re.finditer(r"@available\(([^)]*)\)", line):
            found = availability_of(m.group(1))
            if found:
                pending_guard = merge(scopes[-1].guard, found)
        available = re.search(r"#available\(([^)]*)\)", line)
        if available:
            found = availability_of(available.group(1)) or {}
            if re.match(r"\s*guard\b", line):
                guard_statement = merge(scopes[-1].guard, found)
                guard_depth = len(scopes)
            else:
                pending_guard = merge(scopes[-1].guard, found)

        # Uses are checked against the innermost scope's guard, walking the line so that a `{`
        # opening a guarded block applies to what follows it. An `else` block after an
        # `if #available` block opens with the enclosing scope's guard, as any other block.
        position = 0
        for token in re.finditer(r"[{}]", line):
            check_segment(line[position:token.start()], number, scopes[-1].guard, index, display, findings)
            position = token.end()
            if token.group(0) == "{":
                scopes.append(Scope(pending_guard if pending_guard is not None else scopes[-1].guard))
                pending_guard = None
            elif len(scopes) > 1:
                scopes.pop()
                if guard_statement is not None and len(scopes) == guard_depth:
                    scopes[-1] = Scope(guard_statement)  # the rest of the scope is guarded
                    guard_statement, guard_depth = None, None
        check_segment(line[position:], number, scopes[-1].guard, index, display, findings)
    return findings


def check_segment(segment: str, number: int, guard: dict, index: "Index", display: str,
                  findings: list[Finding]) -> None:
    if not segment.strip():
        return
    for pattern, versions, what in FOUNDATION:
        if re.search(pattern, segment):
            required = {p: parse_version(v) for p, v in versions.items()}
            if newer(required, guard):
                findings.append(Finding(display, number, what, required, guard))
    for m in re.finditer(r"\b([A-Za-z_][A-Za-z0-9_]*)\b(?:\s*\.\s*([A-Za-z_][A-Za-z0-9_]*))?", segment):
        first, member = m.group(1), m.group(2)
        preceded_by_dot = segment[:m.start()].rstrip().endswith(".")
        if member and not preceded_by_dot:
            required = index.qualified(first, member)
            if required and newer(required, guard):
                findings.append(Finding(display, number, f"{first}.{member}", required, guard))
                continue
        if not preceded_by_dot:
            required = index.type_use(first)
            if required and newer(required, guard):
                findings.append(Finding(display, number, first, required, guard))
        else:
            required = index.member_use(first)
            if required and newer(required, guard):
                findings.append(Finding(display, number, "." + first, required, guard))


class Index:
    def __init__(self, declarations: list[Declaration], own_names: set[str], own_types: set[str],
                 floor: dict) -> None:
        self.types: dict[str, list[Declaration]] = {}
        self.members: dict[str, list[Declaration]] = {}
        self.by_context: dict[tuple[str, str], list[Declaration]] = {}
        for d in declarations:
            (self.types if d.kind == "type" else self.members).setdefault(d.name, []).append(d)
            self.by_context.setdefault((d.context, d.name), []).append(d)
        self.own_names = own_names
        self.own_types = own_types
        self.floor = floor

    def _all_newer(self, entries: list[Declaration]) -> dict | None:
        if not entries:
            return None
        if any(e.versions is None or not newer(e.versions, self.floor) for e in entries):
            return None
        # the least any declaration of this name needs
        least = None
        for e in entries:
            if least is None or all(e.versions.get(p, ()) <= least.get(p, ()) for p in e.versions):
                least = e.versions
        return least

    def type_use(self, name: str) -> dict | None:
        if name in self.own_types:
            return None
        return self._all_newer(self.types.get(name, []))

    def member_use(self, name: str) -> dict | None:
        if name in self.own_names:
            return None
        return self._all_newer(self.members.get(name, []) + self.types.get(name, []))

    def qualified(self, context: str, name: str) -> dict | None:
        if context in self.own_types:
            return None
        return self._all_newer(self.by_context.get((context, name), []))


OWN_DECL = re.compile(
    r"\b(struct|class|enum|protocol|actor|typealias|func|var|let|case|associatedtype)\s+([A-Za-z_][A-Za-z0-9_]*)")


GENERIC_PARAMETERS = re.compile(
    r"\b(?:struct|class|enum|actor|typealias|func|init|subscript)\b\s*[A-Za-z_]*[A-Za-z0-9_]*\s*<([^<>]*)>")


def own_declarations(paths: list[str]) -> tuple[set[str], set[str]]:
    names, types = set(), set()
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            code = strip_comments_and_strings(handle.read())
        for generics in GENERIC_PARAMETERS.findall(code):  # `struct Router<Output>`: Output is ours
            for parameter in re.findall(r"(?:^|,)\s*(?:each\s+)?([A-Za-z_][A-Za-z0-9_]*)", generics):
                names.add(parameter)
                types.add(parameter)
        for kind, name in OWN_DECL.findall(code):
            names.add(name)
            if kind in ("struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype"):
                types.add(name)
    return names, types


def swift_files(folders: list[str]) -> list[str]:
    files = []
    for folder in folders:
        for root, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            files.extend(os.path.join(root, n) for n in sorted(names) if n.endswith(".swift"))
    return files


def default_interfaces() -> str:
    swiftc = None
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        candidate = os.path.join(folder, "swiftc")
        if os.path.exists(candidate):
            swiftc = os.path.realpath(candidate)
            break
    if swiftc is None:
        raise SystemExit("error: swiftc is not on PATH; pass --interfaces DIR")
    usr = os.path.dirname(os.path.dirname(swiftc))
    for sub in ("lib/swift_static/linux", "lib/swift/linux"):
        path = os.path.join(usr, sub)
        if interface_path(path, "Swift"):
            return path
    raise SystemExit(f"error: no Swift.swiftinterface under {usr}/lib; pass --interfaces DIR")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", default=".", help="the folder of Package.swift (default: .)")
    parser.add_argument("--sources", nargs="*", help="folders of Swift sources (default: PACKAGE/Sources)")
    parser.add_argument("--interfaces", help="the toolchain's folder of .swiftmodule folders")
    options = parser.parse_args(argv)

    floor = package_minimums(options.package)
    declarations = read_interfaces(options.interfaces or default_interfaces())
    folders = options.sources or [os.path.join(options.package, "Sources")]
    files = swift_files(folders)
    own_names, own_types = own_declarations(files)
    index = Index(declarations, own_names, own_types, floor)
    findings = []
    for path in files:
        findings.extend(check_file(path, os.path.relpath(path, options.package), index, floor))
    for f in findings:
        print(f"{f.path}:{f.line}: {f.what} needs {format_versions(f.required)}, newer than the declared "
              f"minimums ({format_versions(floor)}); use it inside `if #available(…)` with a path for older "
              f"systems, or raise the minimums in Package.swift on purpose")
    if findings:
        print(f"{len(findings)} use(s) newer than the declared platforms", file=sys.stderr)
        return 1
    print(f"availability: {len(files)} files, {len(declarations)} annotated declarations read; "
          f"nothing newer than {format_versions(floor)} outside an availability check")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
