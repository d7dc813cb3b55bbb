import sys
from pathlib import Path

import markdown
from weasyprint import HTML


def render(src, out):
    html = markdown.markdown(Path(src).read_text(), extensions=["toc", "tables"])
    HTML(string=html).write_pdf(out)


if __name__ == "__main__":
    _, cmd, src, _, out = sys.argv
    render(src, out)
