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

// The extensions Timeslice is modelled on (rust-analyzer, GitLens, vscode-pull-request-github) keep comments near
// 6 % of their lines; 8 % leaves room for the citations of docs/ and the service's docs.
const MAX_COMMENT_SHARE = 0.08;

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

  it(`keeps comment lines at most ${100 * MAX_COMMENT_SHARE} % of the non-blank lines of src/ and webview/`, () => {
    const result = commentShare(path.join(__dirname, '..', '..'), ['src', 'webview']);
    const top = [...result.files].sort((a, b) => b.comments - a.comments).slice(0, 5);
    assert.ok(
      result.comments <= MAX_COMMENT_SHARE * result.nonBlank,
      `${result.comments} of ${result.nonBlank} lines are comments; most in: ${top.map((f) => f.file).join(', ')}`,
    );
  });
});
