import { run, type MigrationDb } from '../migration-helpers';

/**
 * A ticket row previews its last message; a voice note, a photo without caption, a location or a contact card
 * has no text worth showing (its body is a file name, a map link or a raw vCard), so the row names the kind.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table tickets add column last_media_type text;
     comment on column tickets.last_media_type is
       'mediaType of the last message when it has no text of its own (media without caption, location, vCard); null otherwise';`,
  );
}
