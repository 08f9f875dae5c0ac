import { run, type MigrationDb } from '../migration-helpers';

/**
 * Refresh-token rotation with reuse detection: a user's one working refresh token is named here (its `jti`); the
 * one it replaced is kept with the time of the rotation, so a refresh racing the rotation from another tab is told
 * apart from an old token replayed later (which revokes the whole session).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table users
       add column refresh_token_id uuid,
       add column previous_refresh_token_id uuid,
       add column refresh_rotated_at timestamptz;
     comment on column users.refresh_token_id is
       'jti of the refresh token that works now; null before the first rotation or after logout';
     comment on column users.previous_refresh_token_id is 'jti of the refresh token the last rotation replaced';`,
  );
}
