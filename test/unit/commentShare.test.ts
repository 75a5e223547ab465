import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { countText, commentShare } = require('../../scripts/commentShare.js') as {
  countText: (text: string) => { comments: number; nonBlank: number };
  commentShare: (
    root: string,
    dirs: string[],
  ) => { files: Array<{ file: string; comments: number; nonBlank: number }>; comments: number; nonBlank: number };
};

describe('commentShare (npm run comments)', () => {
  it('counts // lines and every line of a /* */ block among the non-blank lines, trailing comments as code', () => {
    const text = [
      '/**',
      ' * A header.',
      ' */',
      '',
      'const a = 1; // trailing',
      '  // indented',
      '/* one line */',
      'const b = `',
      '`;',
      '',
    ].join('\n');
    assert.deepEqual(countText(text), { comments: 5, nonBlank: 8 });
  });

  it('sums the files of the given folders, ignoring files that are not sources', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'timeslice-comments-'));
    try {
      fs.mkdirSync(path.join(root, 'src', 'sub'), { recursive: true });
      fs.writeFileSync(path.join(root, 'src', 'a.ts'), '// why\nconst a = 1;\n');
      fs.writeFileSync(path.join(root, 'src', 'sub', 'b.js'), 'const b = 2;\n');
      fs.writeFileSync(path.join(root, 'src', 'notes.md'), '// not source\n');
      const result = commentShare(root, ['src', 'webview']);
      assert.equal(result.comments, 1);
      assert.equal(result.nonBlank, 3);
      assert.deepEqual(result.files.map((f) => f.file.split(path.sep).join('/')).sort(), ['src/a.ts', 'src/sub/b.js']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
