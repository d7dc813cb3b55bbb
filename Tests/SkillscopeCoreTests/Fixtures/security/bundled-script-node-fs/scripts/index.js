#!/usr/bin/env node
const fs = require('fs');
const path = require('path');

const dir = 'docs';
const lines = fs.readdirSync(dir)
  .filter((f) => f.endsWith('.md') && f !== 'INDEX.md')
  .map((f) => {
    const title = fs.readFileSync(path.join(dir, f), 'utf8').split('\n')[0].replace(/^#\s*/, '');
    return `- [${title}](${f})`;
  });
fs.writeFileSync(path.join(dir, 'INDEX.md'), `# Index\n\n${lines.join('\n')}\n`);
