import { tmpdir } from 'node:os';

/** A temp repository's git: a fixed author and committer, and no system or user configuration read. */
export const TEST_GIT_ENV = {
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@timeslice.invalid',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@timeslice.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: tmpdir(),
};
