#!/usr/bin/env python3
"""The module map, checked: every `import` in every target is one ARCHITECTURE.md allows, and one
Package.swift declares.

ARCHITECTURE.md's module table (the one whose header is `| module | holds | may import |`) is the
map. Its first column names the module in backticks (several for one row, as the C libraries); its
last column names, in backticks, the package's modules and the toolchain modules beyond the base
set below that the module may import, or says `everything` (the executable).

Rules
  - A library or executable target imports only what its row allows, plus the toolchain's base
    modules (BASE below) and itself.
  - Every import of another target of this package is a direct dependency in Package.swift: no
    module reaches another only through a third one's `@_exported import`.
  - Every target of the package has a row, except test targets and the code under Tests/ (test
    support, test-only executables), which may import any library of the package they depend on,
    TestSupport, Testing and XCTest.
  - A row names no module twice, and names only modules that exist or are marked "(planned)".
  - A target whose code takes a bare `Mutex(…)` or `Mutex<…>` declares `typealias Mutex` itself (its
    Locking.swift: `typealias Mutex<Value: ~Copyable> = BasicLocking.Lock<Value>`), so the
    ThreadSanitizer pass, built with BASIC_TSAN_LOCKS, sees that lock. Without it the name is
    Synchronization's futex lock, which TSan cannot see, and every access behind it is reported as a
    race. Spelling `Synchronization.Mutex` says the choice is deliberate.

Usage: check-imports.py [--package DIR]. Exit status 0 when the map holds, 1 when it does not, 2 when
an input cannot be read.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

BASE = {"Swift", "Foundation", "FoundationEssentials", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl",
        "_Concurrency"}
TEST_ONLY = {"Testing", "XCTest", "TestSupport"}
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)", re.M)


def fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def read_map(path: str) -> dict[str, set[str] | None]:
    """Module → what it may import (None: everything)."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror}; the module map lives there")
    rows: dict[str, set[str] | None] = {}
    in_table = False
    for line in lines:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else []
        if not cells:
            in_table = False
            continue
        if [c.lower() for c in cells[:1]] == ["module"] and cells[-1].lower() == "may import":
            in_table = True
            continue
        if not in_table or set(cells[0]) <= {"-", ":", " "}:
            continue
        modules = re.findall(r"`([A-Za-z_][A-Za-z0-9_-]*)`", cells[0])
        allowed_text = cells[-1]
        allowed = None if "everything" in allowed_text else set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`",
                                                                             allowed_text))
        for module in modules:
            if module in rows:
                print(f"ARCHITECTURE.md: `{module}` has two rows in the module table")
                rows["__duplicate__"] = set()
            rows[module] = allowed
    if not rows:
        fail(f"{path} has no module table (a table headed `| module | holds | may import |`)")
    return rows


def package_targets(package_dir: str) -> list[dict]:
    # A scratch folder of its own: the package's .build may be locked by the `swift test` that
    # runs this check, and SwiftPM would wait for that lock for ever.
    with tempfile.TemporaryDirectory(prefix="check-imports") as scratch:
        try:
            output = subprocess.run(["swift", "package", "--scratch-path", scratch, "dump-package"],
                                    cwd=package_dir, check=True, capture_output=True, text=True).stdout
        except (OSError, subprocess.CalledProcessError) as error:
            fail(f"`swift package dump-package` failed in {package_dir}: {error}")
    return parse_targets(output)


def parse_targets(output: str) -> list[dict]:
    """Each target's name, type, folder and direct dependencies, from `dump-package`'s JSON."""
    targets = []
    for target in json.loads(output)["targets"]:
        dependencies = set()
        for dependency in target.get("dependencies", []):
            kind = next(iter(dependency))
            dependencies.add(dependency[kind][0])
        folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources",
                                                    target["name"])
        targets.append({"name": target["name"], "type": target["type"], "path": folder,
                        "dependencies": dependencies})
    return targets


def imports_of(folder: str) -> list[tuple[str, int, str]]:
    found = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in ("Fixtures", ".build"))
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
            for m in IMPORT.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append((path, line, m.group(1)))
    return found


BARE_MUTEX = re.compile(r"(?<![.\w])Mutex\s*[(<]")
OWN_MUTEX = re.compile(r"typealias\s+Mutex\b")
STRING = re.compile(r'"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"')


def code_of(text: str) -> str:
    """The text without comments and string literals, keeping its line breaks."""
    blank = lambda m: "\n" * m.group(0).count("\n")
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    text = STRING.sub(blank, text)
    return re.sub(r"//[^\n]*", "", text)


def lock_problems(name: str, folder: str, root: str) -> list[str]:
    """Bare uses of `Mutex` in a target that does not declare its own `Mutex`."""
    uses, declares = [], False
    for rootdir, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in ("Fixtures", ".build"))
        for file in sorted(n for n in names if n.endswith(".swift")):
            path = os.path.join(rootdir, file)
            with open(path, encoding="utf-8") as handle:
                code = code_of(handle.read())
            declares = declares or OWN_MUTEX.search(code) is not None
            uses += [(path, code.count("\n", 0, m.start()) + 1) for m in BARE_MUTEX.finditer(code)]
    if declares or not uses:
        return []
    path, line = uses[0]
    return [f"{os.path.relpath(path, root)}:{line}: {name} takes Synchronization.Mutex, which ThreadSanitizer "
            f"cannot see; add a Locking.swift with `typealias Mutex<Value: ~Copyable> = BasicLocking.Lock<Value>`"]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", default=".", help="the folder of Package.swift (default: .)")
    options = parser.parse_args(argv)
    root = options.package

    rows = read_map(os.path.join(root, "ARCHITECTURE.md"))
    targets = package_targets(root)
    names = {t["name"] for t in targets}
    problems = ["ARCHITECTURE.md names a module twice"] if rows.pop("__duplicate__", None) is not None else []

    for target in targets:
        if target["type"] == "system":
            if target["name"] not in rows:
                problems.append(f"ARCHITECTURE.md has no row for the system library `{target['name']}`")
            continue
        name = target["name"]
        under_tests = target["type"] == "test" or target["path"].startswith("Tests")
        if not under_tests and name not in rows:
            problems.append(f"ARCHITECTURE.md has no row for the target `{name}`: add one to the module table")
            continue
        allowed = None if under_tests else rows[name]
        if name != "BasicLocking":
            problems += lock_problems(name, os.path.join(root, target["path"]), root)
        for path, line, module in imports_of(os.path.join(root, target["path"])):
            where = f"{os.path.relpath(path, root)}:{line}"
            if module == name or module in BASE:
                continue
            if module in names:
                if under_tests:
                    if module not in target["dependencies"]:
                        problems.append(f"{where}: imports {module}, which Package.swift does not list among "
                                        f"{name}'s dependencies; add it there")
                    continue
                if allowed is not None and module not in allowed:
                    problems.append(f"{where}: {name} imports {module}, which ARCHITECTURE.md does not allow it "
                                    f"(may import: {', '.join(sorted(allowed)) or 'nothing of ours'})")
                elif module not in target["dependencies"]:
                    problems.append(f"{where}: imports {module}, which Package.swift does not list among {name}'s "
                                    f"dependencies (reaching it through another module's @_exported import); "
                                    f"add it there")
                continue
            # A toolchain or SDK module.
            if under_tests and module in TEST_ONLY:
                continue
            if allowed is not None and module not in allowed:
                problems.append(f"{where}: {name} imports {module}, which ARCHITECTURE.md does not allow it; "
                                f"add it to the row or remove the import")
        if not under_tests and allowed is not None:
            for dependency in sorted(target["dependencies"]):
                if dependency in names and dependency not in allowed:
                    problems.append(f"Package.swift: {name} depends on {dependency}, which ARCHITECTURE.md does not "
                                    f"allow it")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} place(s) where the code leaves the module map", file=sys.stderr)
        return 1
    print(f"module map: {len(targets)} targets follow ARCHITECTURE.md")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
