"""Remake the pictures of the guide's notebook and editor pages, from the real programs.

Run from the repository root, in the environment algoverify is installed in::

    python docs/pictures.py            # both pictures
    python docs/pictures.py notebook   # docs/guide/notebook.png
    python docs/pictures.py editor     # docs/guide/editors.png

What each picture needs (none of it is a dependency of algoverify):

- both: Debian's ``chromium``, which draws the page headless, without network;
- notebook: ``pip install nbconvert nbformat ipykernel`` (a real kernel runs the notebook) and
  Debian's ``libjs-mathjax`` (MathJax 2, read from disk: chromium is given no network);
- editor: Debian's ``neovim`` (0.7 or later) and ``tmux``, ``pip install ansi2html``, and the
  ``lsp`` extra (``algoverify lsp``, run from this environment).

A picture whose tools are missing is skipped, with a message naming them; the status is 1 when
one was skipped. This file is not part of the manual's build (mkdocs.yml's ``exclude_docs``).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guide"
BIN = Path(sys.executable).parent
MATHJAX = Path("/usr/share/javascript/mathjax/MathJax.js")

# The first cell of docs/guide/notebook.md: Euclid's gcd, short enough that its three tables fit.
GCD_CELL = r"""%%algoverify --set a=1071 --set b=462
\begin{algorithmic}
\Require integers \(a, b \ge 0\)
\While{\(b \ne 0\)}
    \State \((a, b) \gets (b, a \bmod b)\)
\EndWhile
\State \Return \(a\)
\end{algorithmic}"""

# The error shown in the editor: a name nothing binds (AV303), in the loop of the power iteration.
NOTE = ROOT / "corpus" / "power-iteration.md"
MODULE = ROOT / "corpus" / "power_iteration_checks.py"
GOOD_LINE = r"    \State \(w \gets A v\); \(\lambda \gets \lVert w \rVert\)" + "\n"
BAD_LINE = r"    \State \(w \gets A u\); \(\lambda \gets \lVert w \rVert\)" + "\n"

# Neovim 0.7's client (Debian bookworm's): started by hand, as vim.lsp.config (0.11) is not there.
INIT_LUA = """
vim.o.number = true
vim.o.signcolumn = "yes"
vim.o.wrap = false
vim.o.laststatus = 2
vim.o.shortmess = vim.o.shortmess .. "I"
-- Each diagnostic with its code, as `algoverify lint` prints it (0.7 keeps it under user_data).
local function with_code(d)
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  return code and (code .. " " .. d.message) or d.message
end
vim.diagnostic.config({
  virtual_text = { format = with_code },
  float = { format = with_code, border = "single", max_width = 70, header = "", prefix = "" },
  signs = true,
  underline = true,
  severity_sort = true,
})
-- 0.7's default floating window is magenta on magenta in 256 colours: a grey box instead.
vim.cmd("highlight NormalFloat ctermbg=236 ctermfg=252")
vim.cmd("highlight FloatBorder ctermbg=236 ctermfg=244")
-- A diagnostic's whole message in a float, beside the listing's short closing lines.
vim.keymap.set("n", "gl", function() vim.diagnostic.open_float({ offset_x = 28 }) end)
vim.api.nvim_create_autocmd("FileType", {
  pattern = { "markdown", "tex" },
  callback = function(args)
    local id = vim.lsp.start_client({
      name = "algoverify",
      cmd = { ALGOVERIFY, "lsp" },
      root_dir = vim.fn.getcwd(),
      init_options = { debounceMs = 150 },
    })
    vim.lsp.buf_attach_client(args.buf, id)
  end,
})
"""


def missing(programs: list[str], modules: list[str], files: tuple[Path, ...] = ()) -> list[str]:
    """The programs, Python modules and files among these that this machine lacks."""
    absent = [name for name in programs if shutil.which(name) is None]
    absent += [f"{name} (pip)" for name in modules if importlib.util.find_spec(name) is None]
    absent += [str(path) for path in files if not path.exists()]
    return absent


def chromium_screenshot(page: Path, png: Path, size: tuple[int, int], wait_ms: int = 0) -> None:
    """Draw ``page`` with headless chromium, without network, in a profile of its own."""
    with tempfile.TemporaryDirectory() as profile:
        command = [
            shutil.which("chromium"),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            f"--user-data-dir={profile}",
            f"--screenshot={png}",
            f"--window-size={size[0]},{size[1]}",
        ]
        if wait_ms:
            # MathJax typesets after the page has loaded: let its scripts run first.
            command.append(f"--virtual-time-budget={wait_ms}")
        subprocess.run([*command, page.as_uri()], check=True, capture_output=True, timeout=180)


def notebook_picture(work: Path) -> Path | None:
    """A notebook that loads the extension and runs the gcd cell, executed and drawn."""
    absent = missing(["chromium"], ["nbconvert", "nbformat", "ipykernel"], (MATHJAX,))
    if absent:
        print("notebook picture skipped: not installed:", ", ".join(absent))
        return None
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("%load_ext algoverify"), nbformat.v4.new_code_cell(GCD_CELL)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    source = work / "gcd.ipynb"
    nbformat.write(notebook, source)
    jupyter = [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute"]
    jupyter += [f"--HTMLExporter.mathjax_url={MATHJAX.as_uri()}?config=TeX-AMS_CHTML-full,Safe"]
    # The kernel starts in the repository root, where `%load_ext algoverify` finds this checkout.
    jupyter += ["--ExecutePreprocessor.cwd=" + str(ROOT), "--output-dir", str(work), str(source)]
    subprocess.run(jupyter, check=True, capture_output=True, timeout=300)
    page = work / "gcd.html"
    # nbconvert's MathJax breaks math to fit a table cell measured before the math was set, which
    # splits a short statement in two; Jupyter's own MathJax does not.
    html = page.read_text(encoding="utf-8")
    page.write_text(html.replace("automatic: true", "automatic: false", 1), encoding="utf-8")
    png = GUIDE / "notebook.png"
    chromium_screenshot(page, png, (1000, 650), wait_ms=8000)
    return png


def tmux(*args: str) -> str:
    """Run a tmux command on the picture's own server (socket ``-L``) and return its output."""
    socket = f"algoverify-pictures-{os.getpid()}"
    done = subprocess.run(["tmux", "-L", socket, *args], check=True, capture_output=True, text=True)
    return done.stdout


def editor_picture(work: Path) -> Path | None:
    """Neovim, in tmux, with the server's diagnostic on a name nothing binds; drawn as HTML."""
    absent = missing(["chromium", "nvim", "tmux"], ["ansi2html", "pygls"])
    if absent:
        print("editor picture skipped: not installed:", ", ".join(absent))
        return None
    from ansi2html import Ansi2HTMLConverter

    text = NOTE.read_text(encoding="utf-8")
    assert GOOD_LINE in text, "the power iteration's loop changed: update GOOD_LINE"
    note = work / NOTE.name
    note.write_text(text.replace(GOOD_LINE, BAD_LINE), encoding="utf-8")
    shutil.copy(MODULE, work / MODULE.name)
    bad_line = text[: text.index(GOOD_LINE)].count("\n") + 1
    init = work / "init.lua"
    init.write_text(f"local ALGOVERIFY = {str(BIN / 'algoverify')!r}\n" + INIT_LUA, encoding="utf-8")
    # The listing from the sentence before it, the cursor on the statement with the error.
    top = text[: text.index("\\begin{algorithm}")].count("\n") - 1
    nvim = shlex.join(["nvim", "--clean", "-u", str(init), f"+{top}", "+normal! zt", f"+{bad_line}", note.name])
    # A terminal of a fixed size and 256 colours, on a tmux server of this run's own.
    tmux(
        "-f",
        "/dev/null",
        "new-session",
        "-d",
        "-x",
        "112",
        "-y",
        "26",
        "-c",
        str(work),
        "-e",
        "TERM=xterm-256color",
        nvim,
    )
    try:
        screen = ""
        for _ in range(60):  # the server's first lint: a few seconds at most
            time.sleep(0.5)
            screen = tmux("capture-pane", "-e", "-p", "-t", "0")
            if "AV303" in screen:
                break
        else:
            raise SystemExit("editor picture: no AV303 diagnostic after 30 s:\n" + screen)
        # The whole message, as the editor shows it on request (virtual text is cut at the edge).
        tmux("send-keys", "-t", "0", "gl")
        time.sleep(1.0)
        screen = tmux("capture-pane", "-e", "-p", "-t", "0")
    finally:
        tmux("kill-server")
    # ansi2html does not know an underline's colour (SGR 58) and drops the underline with it.
    screen = re.sub(r"\x1b\[58(?:;\d+)*m", "", screen)
    html = Ansi2HTMLConverter(dark_bg=True, font_size="15px", title="algoverify lsp in Neovim").convert(screen)
    # A terminal's screen: lines as they are, never wrapped by the page.
    css = "pre.ansi2html-content { white-space: pre; line-height: 1.2; margin: 0 } body { margin: 8px }"
    html = html.replace("</head>", f"<style>{css}</style></head>", 1)
    page = work / "editor.html"
    page.write_text(html, encoding="utf-8")
    png = GUIDE / "editors.png"
    chromium_screenshot(page, png, (1030, 490))
    return png


def main(argv: list[str]) -> int:
    """Make the pictures named in ``argv`` (all when none): 0, 1 when one was skipped, 2 on a wrong name."""
    makers = {"notebook": notebook_picture, "editor": editor_picture}
    wanted = argv or list(makers)
    unknown = [name for name in wanted if name not in makers]
    if unknown:
        print(f"unknown picture {unknown[0]!r}: choose from {', '.join(makers)}", file=sys.stderr)
        return 2
    os.chdir(ROOT)
    skipped = 0
    for name in wanted:
        with tempfile.TemporaryDirectory(prefix=f"algoverify-{name}-") as work:
            png = makers[name](Path(work))
        if png is None:
            skipped += 1
        else:
            print(f"{png.relative_to(ROOT)}: {png.stat().st_size // 1024} KB")
    return 1 if skipped else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
