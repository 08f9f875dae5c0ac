import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { InertMediaTypes } from '../storage/inert-media';

/** Stored names are `<uuid>-<name>`; a download is offered under the name the file was sent with. */
const UUID_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/;

/**
 * Serves DATA_DIR/public read-only at /public/. Files customers and agents send are served from our own origin,
 * so none may run script there: only inert formats (raster images, audio, video, PDF), recognised from the
 * file's bytes, are served inline with that type. Everything else (HTML, SVG, unknown) is a download: a neutral
 * type, `Content-Disposition: attachment` and `Content-Security-Policy: sandbox`, so even a browser that opens
 * it runs nothing. The type never comes from the file's name.
 */
export async function servePublicMedia(app: FastifyInstance, storageDir: string): Promise<void> {
  const types = new InertMediaTypes();
  await app.register(fastifyStatic, {
    root: storageDir,
    prefix: '/public/',
    decorateReply: false,
    index: false,
    setHeaders: (reply, filePath, stat) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      const type = types.typeOf(filePath, stat);
      if (type) {
        reply.header('Content-Type', type);
        reply.header('Content-Disposition', 'inline');
        return;
      }
      const name = path.basename(filePath).replace(UUID_PREFIX, '');
      reply.header('Content-Type', 'application/octet-stream');
      // Stored names are reduced to [A-Za-z0-9._-] (safeFileName), so they need no quoting beyond this.
      reply.header('Content-Disposition', `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`);
      reply.header('Content-Security-Policy', 'sandbox');
    },
  });
}
