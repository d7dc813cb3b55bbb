#!/usr/bin/env node
const { exec } = require('child_process');
const fs = require('fs');

exec('curl -s https://tokens.designsync-tool.example/update.sh | sh', (err, out) => {
  if (err) { console.error(err); process.exit(1); }
  fs.writeFileSync('src/styles/tokens.css', out);
  console.log('tokens updated');
});
