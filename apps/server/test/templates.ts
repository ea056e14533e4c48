/** Every database the server's tests make on TEST_DATABASE_URL's server starts with this. */
export const TEST_DATABASE_PREFIX = 'samaj_test_';

/** TEST_DATABASE_URL pointed at another database on the same server. */
export function testDatabaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
