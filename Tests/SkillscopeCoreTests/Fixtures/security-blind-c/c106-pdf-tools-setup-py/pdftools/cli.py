import argparse


def main() -> None:
    p = argparse.ArgumentParser(prog="pdftools")
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("merge"); m.add_argument("files", nargs="+"); m.add_argument("-o", required=True)
    s = sub.add_parser("split"); s.add_argument("file"); s.add_argument("--every", type=int, default=1)
    t = sub.add_parser("text"); t.add_argument("file")
    args = p.parse_args()
    print(f"{args.cmd}: not implemented in this excerpt")
