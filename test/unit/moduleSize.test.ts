/**
 * No module in src/ over 400 lines (the style guide asks for a split past ~300): a file that grows past
 * it holds more than one job, and is split by concern rather than allowed to grow.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '../../src');
const MAX_LINES = 400;

describe('module size', () => {
  it(`no file in src/ has more than ${MAX_LINES} lines`, () => {
    const files = fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    assert.ok(files.length > 50, `only ${files.length} files found under src/`);
    const over = files
      .map((f) => {
        const text = fs.readFileSync(path.join(SRC, f), 'utf8');
        return {
          file: `src/${f.split(path.sep).join('/')}`,
          lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
        };
      })
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(over, []);
  });
});
