/**
 * Whether a URL names this machine. Platform profiles are hosted on loopback: only a business there
 * can fetch one the checker hosts, and the reference business fetches no other.
 */
export function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return false;
  }
}
