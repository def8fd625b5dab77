import { serializeDictionary } from 'structured-headers';

/** The agent header value: an RFC 8941 dictionary whose `profile` member is the caller's profile URL. */
export function agentHeaderValue(profileUrl: string): string {
  return serializeDictionary({ profile: profileUrl });
}
