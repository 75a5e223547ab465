/** The paths Go to Code may open: a new listing drops the files deleted since, and a deletion drops its file. */
import * as assert from 'node:assert/strict';

import { ListedPaths } from '../../src/code/listedPaths';

describe('ListedPaths', () => {
  it('a new listing of some extensions replaces their paths and keeps the others', () => {
    const listed = new ListedPaths<string>();
    listed.replace(
      ['rb'],
      [
        ['app/a.rb', 'uri-a'],
        ['app/gone.rb', 'uri-gone'],
      ],
    );
    listed.replace(['py'], [['web/views.py', 'uri-views']]);
    listed.replace(['rb'], [['app/a.rb', 'uri-a2']]);
    assert.equal(listed.get('app/gone.rb'), undefined);
    assert.equal(listed.get('app/a.rb'), 'uri-a2');
    assert.equal(listed.get('web/views.py'), 'uri-views');
  });

  it('forgets a deleted file at once', () => {
    const listed = new ListedPaths<string>();
    listed.replace(['go'], [['main.go', 'uri-main']]);
    listed.delete('main.go');
    assert.equal(listed.get('main.go'), undefined);
  });
});
