import sys
from urllib import robotparser
from urllib.parse import urljoin

url = sys.argv[1]
rp = robotparser.RobotFileParser(urljoin(url, "/robots.txt"))
rp.read()
print("allowed" if rp.can_fetch("NorthwindCatalogBot", url) else "disallowed")
