#!/usr/bin/env node
// `npm run comments`: the share of comment lines among the non-blank lines of src/ and webview/ (the aim:
// at most 8 %), and the 15 files with the most comment lines.
// A line counts as comment when it starts with `//` or lies in a `/* */` block that starts a line.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const DIRS = ['src', 'webview'];
const SOURCE = /\.(ts|js|mjs)$/;

/** Non-blank and comment lines of one file's text, in one pass over its lines. */
function countText(text) {
  let comments = 0;
  let nonBlank = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    nonBlank++;
    if (inBlock) {
      comments++;
      if (line.includes('*/')) inBlock = false;
    } else if (line.startsWith('//')) {
      comments++;
    } else if (line.startsWith('/*')) {
      comments++;
      inBlock = !line.includes('*/');
    }
  }
  return { comments, nonBlank };
}

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Per file and in total, over `dirs` under `root`. */
function commentShare(root = ROOT, dirs = DIRS) {
  const files = dirs
    .map((d) => path.join(root, d))
    .filter((d) => fs.existsSync(d))
    .flatMap(sourceFiles)
    .map((file) => ({ file: path.relative(root, file), ...countText(fs.readFileSync(file, 'utf8')) }));
  const comments = files.reduce((sum, f) => sum + f.comments, 0);
  const nonBlank = files.reduce((sum, f) => sum + f.nonBlank, 0);
  return { files, comments, nonBlank, share: nonBlank ? comments / nonBlank : 0 };
}

const percent = (share) => `${(100 * share).toFixed(1)} %`;

if (require.main === module) {
  const result = commentShare();
  console.log(
    `${DIRS.join('/ and ')}/: ${result.comments} comment lines of ${result.nonBlank} non-blank (${percent(result.share)})`,
  );
  const top = [...result.files].sort((a, b) => b.comments - a.comments || a.file.localeCompare(b.file)).slice(0, 15);
  for (const f of top) {
    console.log(
      `${String(f.comments).padStart(5)} ${String(f.nonBlank).padStart(6)} ${percent(f.comments / f.nonBlank).padStart(7)}  ${f.file}`,
    );
  }
}

module.exports = { countText, commentShare };
