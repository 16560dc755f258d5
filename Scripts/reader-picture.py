#!/usr/bin/env python3
"""Makes Docs/reader.png, the README's picture of `bsl reader`, from a real screen.

It starts `bsl reader --replay Samples/cnblogs-today --replay Samples/budejie` in a detached tmux
session of 100×30 on a private socket in a temporary folder (HOME, XDG_CACHE_HOME and
XDG_DATA_HOME point into that folder too, so nothing of the user's is read or written), waits
until the first list has drawn, sends the keys of --keys if any (tmux's names: `j`, `Enter`,
`Tab`), reads the screen with `tmux capture-pane -p -e`, turns its SGR codes into HTML spans in a
monospace page, and has headless Chromium take the picture. The tmux server is always killed.

Every row of the screen is a line of the page; a character outside ASCII sits in a box one or two
cells wide, as the terminal counts it (East Asian wide and full-width: two), so that CJK lines up
whatever the font's own widths. The font is Noto Sans Mono CJK SC (Debian's fonts-noto-cjk) or
WenQuanYi Zen Hei Mono, whose CJK glyphs are two Latin cells wide.

Usage:
  Scripts/reader-picture.py [--bsl PATH] [--keys KEYS]... [--output Docs/reader.png] [--scale 2]
  Scripts/reader-picture.py --html-only < screen.ansi > screen.html

Without --bsl the binary is the debug build's (`swift build --show-bin-path`). --html-only turns
ANSI text read from standard input into the page and prints it, with no tmux or Chromium. Exit
status 0 when the picture was written, 1 with a one-line error otherwise.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLUMNS, ROWS = 100, 30
FONT_SIZE, LINE_HEIGHT, PADDING = 16, 20, 14
FONTS = ["Noto Sans Mono CJK SC", "WenQuanYi Zen Hei Mono"]
FOREGROUND, BACKGROUND = "#d8d8d8", "#1d1f21"
# The 16 colours (xterm's), for a screen that uses any.
PALETTE = ["#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
           "#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea"]


class Failure(Exception):
    """One line for standard error: what failed and what to do."""


# ANSI → HTML

SGR = re.compile(r"\x1b\[([0-9;:]*)m")
OTHER_ESCAPE = re.compile(r"\x1b(?:\[[0-9;:?<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()*+][0-~]|[=>78])")


class Style:
    """The SGR state: attributes and colours (None: the default, 0–255: the palette, or "#rrggbb")."""

    def __init__(self) -> None:
        self.bold = self.dim = self.italic = self.underline = self.inverse = self.strike = False
        self.foreground: int | str | None = None
        self.background: int | str | None = None

    def key(self) -> tuple:
        return (self.bold, self.dim, self.italic, self.underline, self.inverse, self.strike, self.foreground,
                self.background)

    def copy(self) -> "Style":
        other = Style()
        (other.bold, other.dim, other.italic, other.underline, other.inverse, other.strike, other.foreground,
         other.background) = self.key()
        return other

    def apply(self, parameters: str) -> None:
        """Applies one SGR sequence's parameters (`1;4`, `38;5;208`, `` for a reset)."""
        codes = [part for part in re.split(r"[;:]", parameters)] if parameters else ["0"]
        numbers = [int(code) if code.isdigit() else 0 for code in codes]
        index = 0
        while index < len(numbers):
            code = numbers[index]
            index += 1
            if code == 0:
                self.__init__()
            elif code == 1:
                self.bold = True
            elif code == 2:
                self.dim = True
            elif code == 3:
                self.italic = True
            elif code in (4, 21):
                self.underline = True
            elif code == 7:
                self.inverse = True
            elif code == 9:
                self.strike = True
            elif code == 22:
                self.bold = self.dim = False
            elif code == 23:
                self.italic = False
            elif code == 24:
                self.underline = False
            elif code == 27:
                self.inverse = False
            elif code == 29:
                self.strike = False
            elif 30 <= code <= 37:
                self.foreground = code - 30
            elif 40 <= code <= 47:
                self.background = code - 40
            elif 90 <= code <= 97:
                self.foreground = code - 90 + 8
            elif 100 <= code <= 107:
                self.background = code - 100 + 8
            elif code == 39:
                self.foreground = None
            elif code == 49:
                self.background = None
            elif code in (38, 48):
                colour, index = extended_colour(numbers, index)
                if code == 38:
                    self.foreground = colour
                else:
                    self.background = colour

    def classes(self) -> list[str]:
        names = [("b", self.bold), ("d", self.dim), ("i", self.italic), ("u", self.underline), ("r", self.inverse),
                 ("s", self.strike)]
        return [name for name, on in names if on]

    def css(self) -> str:
        """Inline colours, foreground and background swapped when inverse (the class `r` swaps the
        default ones)."""
        foreground, background = self.foreground, self.background
        if self.inverse and (foreground is not None or background is not None):
            # Without colours the class `r` swaps them.
            foreground, background = background, foreground
            foreground = BACKGROUND if foreground is None else foreground
            background = FOREGROUND if background is None else background
        parts = []
        if foreground is not None:
            parts.append(f"color:{css_colour(foreground)}")
        if background is not None:
            parts.append(f"background:{css_colour(background)}")
        return ";".join(parts)


def extended_colour(numbers: list[int], index: int) -> tuple[int | str | None, int]:
    """`5;n` (the 256 colours) or `2;r;g;b` after a 38 or 48, and the index after it."""
    if index < len(numbers) and numbers[index] == 5 and index + 1 < len(numbers):
        return numbers[index + 1] % 256, index + 2
    if index < len(numbers) and numbers[index] == 2 and index + 3 < len(numbers):
        red, green, blue = (min(value, 255) for value in numbers[index + 1:index + 4])
        return f"#{red:02x}{green:02x}{blue:02x}", index + 4
    return None, len(numbers)


def css_colour(colour: int | str) -> str:
    if isinstance(colour, str):
        return colour
    if colour < 16:
        return PALETTE[colour]
    if colour < 232:
        steps = [0, 95, 135, 175, 215, 255]
        value = colour - 16
        return "#" + "".join(f"{steps[part]:02x}" for part in (value // 36, value // 6 % 6, value % 6))
    grey = 8 + (colour - 232) * 10
    return f"#{grey:02x}{grey:02x}{grey:02x}"


def columns_of(character: str) -> int:
    """The cells a character takes in a terminal: 2 for East Asian wide and full-width, 0 for
    combining marks and format characters, else 1."""
    if unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def text_html(text: str) -> str:
    """Characters as HTML: ASCII as it is, every other character in a box of its cells' width
    (`w2` two cells, `w1` one; `a` when East Asian ambiguous, which CJK fonts draw wide, drawn
    from a Latin monospace font instead)."""
    out = []
    for character in text:
        if " " <= character <= "~":
            out.append(html.escape(character, quote=False))
            continue
        width = columns_of(character)
        if width == 0:
            out.append(html.escape(character, quote=False))
        elif width == 2:
            out.append(f'<span class="w2">{html.escape(character)}</span>')
        elif unicodedata.east_asian_width(character) == "A":
            out.append(f'<span class="w1 a">{html.escape(character)}</span>')
        else:
            out.append(f'<span class="w1">{html.escape(character)}</span>')
    return "".join(out)


def row_html(line: str, style: Style) -> str:
    """One screen row as HTML, starting in `style`, which it leaves as the row ends."""
    runs: list[tuple[Style, str]] = []
    position = 0
    line = OTHER_ESCAPE.sub(lambda match: match.group(0) if SGR.fullmatch(match.group(0)) else "", line)
    for match in SGR.finditer(line):
        if match.start() > position:
            runs.append((style.copy(), line[position:match.start()]))
        style.apply(match.group(1))
        position = match.end()
    if position < len(line):
        runs.append((style.copy(), line[position:]))
    merged: list[tuple[Style, str]] = []
    for run_style, text in runs:
        text = "".join(character for character in text if character >= " " or character == "\t")
        if not text:
            continue
        if merged and merged[-1][0].key() == run_style.key():
            merged[-1] = (merged[-1][0], merged[-1][1] + text)
        else:
            merged.append((run_style, text))
    out = []
    for run_style, text in merged:
        classes, css = run_style.classes(), run_style.css()
        if not classes and not css:
            out.append(text_html(text))
            continue
        attributes = (f' class="{" ".join(classes)}"' if classes else "") + (f' style="{css}"' if css else "")
        out.append(f"<span{attributes}>{text_html(text)}</span>")
    return '<div class="row">' + "".join(out) + "</div>"


def screen_html(ansi: str, columns: int | None = None, title: str = "bsl reader") -> str:
    """The page of a screen captured with `capture-pane -p -e`: a row of the page per line."""
    lines = ansi.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    style = Style()
    rows = [row_html(line, style) for line in lines]
    if columns is None:
        plain = [SGR.sub("", OTHER_ESCAPE.sub("", line)) for line in lines]
        columns = max([sum(columns_of(character) for character in line) for line in plain] or [1])
    fonts = ", ".join(f'"{font}"' for font in FONTS) + ", monospace"
    return f"""<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>
html, body {{ margin: 0; background: {BACKGROUND}; }}
.screen {{ padding: {PADDING}px; width: {columns / 2}em; color: {FOREGROUND}; background: {BACKGROUND};
  font: {FONT_SIZE}px/{LINE_HEIGHT}px {fonts}; }}
/* A cell is half an em whatever the font: ASCII advances are pulled to it by letter-spacing,
   every other character sits in a box of its cells. */
.row {{ height: {LINE_HEIGHT}px; white-space: pre; overflow: hidden; }}
.row, .row span {{ letter-spacing: calc(0.5em - 1ch); }}
.row span {{ display: inline-block; height: {LINE_HEIGHT}px; vertical-align: top; }}
.w1, .w2 {{ overflow: hidden; text-align: center; }}
.w1 {{ width: 0.5em; }}
.w2 {{ width: 1em; }}
.a {{ font-family: "DejaVu Sans Mono", monospace; }}
.b {{ font-weight: bold; }}
.d {{ opacity: 0.55; }}
.i {{ font-style: italic; }}
.u, .u span {{ text-decoration: underline; }}
.s, .s span {{ text-decoration: line-through; }}
.u.s, .u.s span {{ text-decoration: underline line-through; }}
.r {{ color: {BACKGROUND}; background: {FOREGROUND}; }}
</style></head>
<body><div class="screen">
{chr(10).join(rows)}
</div></body></html>
"""


# The screen, through tmux and Chromium

def find_tool(*names: str) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def run(arguments: list[str], env: dict[str, str] | None = None, timeout: float = 60) -> str:
    try:
        result = subprocess.run(arguments, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{os.path.basename(arguments[0])} took more than {timeout:.0f} s: {shlex.join(arguments)}")
    if result.returncode != 0:
        message = (result.stderr.strip().splitlines() or [f"status {result.returncode}"])[-1]
        raise Failure(f"{shlex.join(arguments[:3])}… failed: {message}")
    return result.stdout


def default_bsl() -> str:
    swift = find_tool("swift")
    if swift is None:
        raise Failure("no --bsl given and swift is not on PATH to find the debug build; pass --bsl PATH")
    folder = run([swift, "build", "--show-bin-path", "--package-path", ROOT], timeout=120).strip()
    return os.path.join(folder, "bsl")


def has_font(family: str) -> bool:
    fc_list = find_tool("fc-list")
    if fc_list is None:
        return False
    return bool(subprocess.run([fc_list, f":family={family}"], capture_output=True, text=True).stdout.strip())


class Pane:
    """A detached tmux session on a socket of its own."""

    def __init__(self, tmux: str, socket: str, env: dict[str, str]) -> None:
        self.tmux, self.socket, self.env = tmux, socket, env

    def __call__(self, *arguments: str) -> str:
        return run([self.tmux, "-u", "-S", self.socket, *arguments], env=self.env, timeout=30)

    def screen(self, escapes: bool = False) -> str:
        return self("capture-pane", "-p", "-t", "0", *(["-e", "-N"] if escapes else []))

    def wait(self, what: str, condition, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if "[bsl reader exited with status" in screen:
                last = [line for line in screen.splitlines() if line.strip()][-3:]
                raise Failure(f"bsl reader ended before {what}: {' / '.join(last)}")
            if condition(screen):
                return screen
            time.sleep(0.1)
        raise Failure(f"the screen never showed {what} in {timeout:.0f} s; last line: "
                      f"{([line for line in screen.splitlines() if line.strip()] or [''])[-1]}")

    def settle(self, timeout: float = 15) -> None:
        """Waits until the screen stops changing (nothing loading, no spinner turning)."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while time.monotonic() < deadline:
            screen = self.screen(escapes=True)
            if screen != last:
                last, since = screen, time.monotonic()
            elif time.monotonic() - since >= 0.6 and "Loading" not in screen:
                return
            time.sleep(0.1)


def list_drawn(screen: str) -> bool:
    lines = screen.splitlines()
    return bool(lines) and "[首页]" in lines[0] and any(line.startswith("> ") for line in lines)


def make_picture(bsl: str, keys: list[str], output: str, scale: float) -> None:
    tmux = find_tool("tmux")
    if tmux is None:
        raise Failure("tmux is not installed, so there is no terminal to take the screen from (apt-get install tmux)")
    chromium = find_tool("chromium", "chromium-browser")
    if chromium is None:
        raise Failure("chromium is not installed, so there is nothing to take the picture with "
                      "(apt-get install chromium)")
    if not os.access(bsl, os.X_OK):
        raise Failure(f"{bsl} is not an executable; build it with `swift build --product bsl` or pass --bsl PATH")
    if not any(has_font(font) for font in FONTS):
        print("warning: no CJK monospace font (apt-get install fonts-noto-cjk): CJK characters will show as boxes",
              file=sys.stderr)
    folder = tempfile.mkdtemp(prefix="reader-picture.")
    try:
        take_picture(folder, tmux, chromium, bsl, keys, output, scale)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def take_picture(folder: str, tmux: str, chromium: str, bsl: str, keys: list[str], output: str, scale: float) -> None:
    """The screen in tmux, then its page through Chromium, all inside `folder`; the tmux server is
    killed whatever happens."""
    socket = os.path.join(folder, "tmux.socket")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.path.join(folder, "home"),
        "XDG_CACHE_HOME": os.path.join(folder, "cache"), "XDG_DATA_HOME": os.path.join(folder, "data"),
        "XDG_CONFIG_HOME": os.path.join(folder, "config"), "LANG": "C.UTF-8", "SHELL": "/bin/sh",
        "TERM": "xterm-256color",
    }
    for name in ("home", "cache", "data", "config"):
        os.mkdir(os.path.join(folder, name))
    pane = Pane(tmux, socket, env)
    command = shlex.join([
        bsl, "reader", "--replay", os.path.join(ROOT, "Samples/cnblogs-today"),
        "--replay", os.path.join(ROOT, "Samples/budejie"),
    ]) + '; echo "[bsl reader exited with status $?]"; sleep 3600'
    try:
        pane("-f", "/dev/null", "new-session", "-d", "-x", str(COLUMNS), "-y", str(ROWS), "-c", folder, command)
        pane.wait("the first list", list_drawn)
        pane.settle()
        for key in keys:
            pane("send-keys", "-t", "0", key)
            pane.settle()
        ansi = pane.screen(escapes=True)
    finally:
        subprocess.run([tmux, "-S", socket, "kill-server"], env=env, capture_output=True)
    width = COLUMNS * FONT_SIZE // 2 + 2 * PADDING
    height = ROWS * LINE_HEIGHT + 2 * PADDING
    page = os.path.join(folder, "screen.html")
    with open(page, "w", encoding="utf-8") as handle:
        handle.write(screen_html(ansi, COLUMNS))
    picture = os.path.join(folder, "reader.png")
    run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         f"--user-data-dir={os.path.join(folder, 'chromium')}", f"--force-device-scale-factor={scale}",
         f"--window-size={width},{height}", f"--screenshot={picture}", "file://" + page], env=env, timeout=120)
    if not os.path.isfile(picture):
        raise Failure(f"chromium wrote no picture to {picture}")
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    shutil.copyfile(picture, output)


def main() -> int:
    parser = argparse.ArgumentParser(description="Make Docs/reader.png from a real screen of bsl reader.")
    parser.add_argument("--bsl", help="the bsl binary (default: the debug build's, from swift build --show-bin-path)")
    parser.add_argument("--keys", action="append", default=[],
                        help="keys to send after the list has drawn, by tmux's names, space-separated "
                             "(e.g. --keys 'j j Enter'); may be repeated")
    parser.add_argument("--output", default=os.path.join(ROOT, "Docs", "reader.png"), help="the PNG to write")
    parser.add_argument("--scale", type=float, default=2,
                        help="device pixels per CSS pixel (default 2: sharp on HiDPI screens)")
    parser.add_argument("--html-only", action="store_true",
                        help="read ANSI text from standard input and print its HTML page; no tmux, no Chromium")
    options = parser.parse_args()
    try:
        if options.html_only:
            sys.stdout.write(screen_html(sys.stdin.read()))
            return 0
        keys = [key for group in options.keys for key in group.split()]
        # Absolute: the session runs in the temporary folder.
        make_picture(os.path.abspath(options.bsl or default_bsl()), keys, options.output, options.scale)
        print(options.output)
        return 0
    except Failure as failure:
        print(f"error: {failure}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
