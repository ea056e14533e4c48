// An S3-compatible server on this machine for tests (s3rver: the S3 REST API over a folder, with
// signature checks), so the S3 adapter is exercised by the AWS SDK against a real HTTP server.
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { tempDir } from './harness.ts';

export interface S3TestServer {
  endpoint: string;
  /** The S3_* environment for one of `buckets`. */
  env(bucket: string): Record<string, string>;
  /** An SDK client to look into the buckets as an operator's tool would. */
  client: S3Client;
  close(): Promise<void>;
}

// s3rver's fixed credentials.
const KEY = 'S3RVER';

export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: tempDir('samaj-s3-'),
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    forcePathStyle: true,
  });
  return {
    endpoint,
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    }),
    client,
    close: async () => {
      client.destroy();
      await server.close();
    },
  };
}
