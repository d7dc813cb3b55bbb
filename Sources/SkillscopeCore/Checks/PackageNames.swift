internal import Foundation

/// Package names an install command names, and whether one imitates a popular package.
///
/// A look-alike name (`python-dateutils`, `requests-toolbelts`) works because a reader sees the popular name. The
/// popular names are few and stable, so the check is "one edit from a popular name and not itself one", not a list
/// of known bad packages, which is always a day late.
enum PackageNames {
    /// The most installed packages of PyPI and npm (their download rankings), which look-alikes imitate.
    static let popular: Set<String> = [
        // PyPI
        "requests", "numpy", "pandas", "urllib3", "python-dateutil", "setuptools", "boto3", "botocore", "certifi",
        "charset-normalizer", "typing-extensions", "pyyaml", "cryptography", "jinja2", "packaging", "attrs",
        "pydantic", "click", "flask", "django", "fastapi", "uvicorn", "matplotlib", "pillow", "pytest",
        "requests-toolbelt", "beautifulsoup4", "sqlalchemy", "psycopg2", "psycopg2-binary", "tensorflow", "torch",
        "torchvision", "scikit-learn", "transformers", "openai", "anthropic", "colorama", "aiohttp", "selenium",
        "pyjwt", "paramiko", "pycryptodome", "python-dotenv", "openpyxl", "markdown", "docutils", "protobuf",
        "grpcio", "celery", "pymongo", "jmespath", "s3transfer", "google-auth", "websocket-client", "tornado",
        "gunicorn", "werkzeug", "markupsafe", "itsdangerous", "virtualenv", "flake8", "pylint", "coverage", "keras",
        "opencv-python", "seaborn", "plotly", "pyarrow", "polars", "simplejson", "dateparser", "pendulum", "awscli",
        "docker", "kubernetes", "ansible", "fabric", "scrapy", "scapy", "sympy", "networkx", "statsmodels",
        "xgboost", "lightgbm", "langchain", "tiktoken", "httpcore", "idna", "wheel", "rsa", "pytz", "tzdata",
        "redis", "mypy", "black", "isort", "scipy", "httpx", "rich", "tqdm", "six", "nltk",
        // npm
        "react", "react-dom", "lodash", "express", "axios", "chalk", "commander", "debug", "moment", "request",
        "typescript", "webpack", "vite", "next", "eslint", "prettier", "jest", "mocha", "dotenv", "uuid", "yargs",
        "inquirer", "cross-env", "nodemon", "rimraf", "glob", "minimist", "body-parser", "cors", "jsonwebtoken",
        "bcrypt", "bcryptjs", "mongoose", "socket.io", "node-fetch", "colors", "async", "underscore", "jquery",
        "bootstrap", "tailwindcss", "esbuild", "rollup", "core-js", "tslib", "semver", "fs-extra", "cheerio",
        "puppeteer", "playwright", "electron", "discord.js", "ethers", "web3", "coffee-script", "electron-builder",
        "node-sass", "sass", "postcss", "autoprefixer", "babel-cli", "nuxt", "svelte", "angular", "vue",
        "react-router", "react-router-dom", "redux", "zod", "date-fns", "dayjs", "classnames", "qs", "ws",
    ]

    /// The popular package `name` imitates, or nil: one edit away from a popular name of six letters or more,
    /// with `-`, `_` and `.` counted alike, and not popular itself.
    static func imitated(by name: String) -> String? {
        let normal = normalized(name)
        guard normal.count >= 6, !popular.contains(normal) else { return nil }
        let length = normal.count
        // One edit changes the length by one at most: most names are ruled out before the distance is computed.
        return popularNormalized.first { entry in
            abs(entry.normal.count - length) <= 1 && entry.normal != normal
                && Hosts.isWithinOneEdit(entry.normal, normal)
        }?.name
    }

    /// The popular names of six letters or more, each beside its normalised form, in the set's order.
    private static let popularNormalized: [(name: String, normal: String)] = popular.compactMap {
        $0.count >= 6 ? ($0, normalized($0)) : nil
    }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().map { $0 == "_" || $0 == "." ? "-" : $0 })
    }

    /// The package names an install command on a lower-cased line names: `pip install a b==1`, `npm i c@2`.
    ///
    /// Options and their values (`-r file`, `--index-url URL`), paths, URLs and version specifiers are left out.
    static func installed(on text: String) -> [String] {
        var names: [String] = []
        for command in Patterns.installCommand.captures(text) {
            var skipNext = false
            for word in command.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if skipNext {
                    skipNext = false
                    continue
                }
                if word.hasPrefix("-") {
                    let valued = [
                        "-r", "-c", "-i", "-e", "--index-url", "--extra-index-url", "--registry", "--target", "-t",
                        "--requirement", "--constraint", "--prefix", "--root", "--find-links", "-f",
                    ]
                    skipNext = valued.contains(String(word))
                    continue
                }
                if ["&&", "||", "|", ";", "#", ">", "2>&1"].contains(String(word)) || word.hasPrefix("#") { break }
                if word.contains("/") && !word.hasPrefix("@") || word.contains(":") || word.hasPrefix(".") { continue }
                var name = word.trimmingCharacters(in: .init(charactersIn: "\"'`,"))
                // A version: `a==1.2`, `a>=1`, `a[extra]`, `a@1` (an npm scope's `@` opens the name).
                if let cut = name.dropFirst().firstIndex(where: { "=<>~![@;".contains($0) }) {
                    name = String(name[..<cut])
                }
                if !name.isEmpty { names.append(name) }
            }
        }
        return names
    }
}
