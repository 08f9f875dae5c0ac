import { z } from 'zod';
import type { ConnectionDescriptor } from '..';

/** What a cloud connection keeps in whatsapps.provider_config (filled by the connection form). */
export const CloudCredentials = z.object({
  phoneNumberId: z.string().min(1),
  accessToken: z.string().min(1),
  appSecret: z.string().min(1),
  verifyToken: z.string().min(1),
});
export type CloudCredentials = z.infer<typeof CloudCredentials>;

/** The connection's credentials, or undefined when one is missing (the connection cannot work yet). */
export function readCloudCredentials(
  connection: Pick<ConnectionDescriptor, 'config'>,
): CloudCredentials | undefined {
  const parsed = CloudCredentials.safeParse(connection.config);
  return parsed.success ? parsed.data : undefined;
}

/** Where the Graph API is: base URL and version (WHATSAPP_CLOUD_BASE_URL, WHATSAPP_CLOUD_API_VERSION). */
export interface GraphEndpoint {
  baseUrl: string;
  version: string;
}
