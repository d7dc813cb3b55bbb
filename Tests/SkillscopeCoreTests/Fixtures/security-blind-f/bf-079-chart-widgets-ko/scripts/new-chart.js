const fs = require("fs");
const _ = require("lodash");
const Mustache = require("mustache");
const [name, , type = "line"] = process.argv.slice(2);
const tpl = fs.readFileSync(__dirname + "/../templates/chart.tsx.mustache", "utf8");
const out = Mustache.render(tpl, { name: _.upperFirst(_.camelCase(name)), type });
fs.mkdirSync("out", { recursive: true });
fs.writeFileSync(`out/${_.upperFirst(_.camelCase(name))}.tsx`, out);
