import base64
import mimetypes
import pathlib
import sys

path = pathlib.Path(sys.argv[1])
mime = mimetypes.guess_type(path.name)[0] or "image/png"
data = base64.b64encode(path.read_bytes()).decode()
name = path.stem
print(f".status-{name} {{ background-image: url(\"data:{mime};base64,{data}\"); }}")
