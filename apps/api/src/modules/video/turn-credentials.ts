import { createHmac, randomBytes } from 'node:crypto';
import type { IceServerConfig } from '@consultorio/shared';
import type { VideoConfig } from '../../config';

/**
 * The ICE servers one participant gets: those configured as they are, and the TURN servers
 * with credentials of coturn's REST API (`use-auth-secret`): the username is the expiry (Unix
 * seconds) and a random id, the password the HMAC-SHA1 of the username with the shared secret,
 * in base64. Made for each participant's connection, good until `expiresAt`.
 */
export function iceServersFor(config: VideoConfig, expiresAt: Date): IceServerConfig[] {
  if (!config.turn) return config.iceServers;
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${randomBytes(9).toString('base64url')}`;
  const credential = createHmac('sha1', config.turn.secret).update(username).digest('base64');
  return [...config.iceServers, { urls: config.turn.urls, username, credential }];
}
