// The operator's files in deploy/ that can be checked on this machine without installing them:
// systemd reads the units without a complaint, and the nightly backup script writes an archive and
// removes only those older than the days it keeps. (The nginx site runs in proxy.test.ts.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scratchDatabase, TEST_DATABASE_URL, tempDir } from './harness.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SYSTEMD = path.join(ROOT, 'deploy/systemd');
const ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => fs.existsSync(file));

describe('deploy/systemd', () => {
  it.skipIf(!ANALYZE)('systemd-analyze verify finds nothing to say about the units', () => {
    // Installed paths point at this checkout and this Node, so the commands they name exist.
    const dir = tempDir('samaj-units-');
    for (const name of ['samaj@.service', 'samaj-backup.service', 'samaj-backup.timer']) {
      const unit = fs
        .readFileSync(path.join(SYSTEMD, name), 'utf8')
        .replaceAll('/opt/samaj', ROOT)
        .replaceAll('/usr/bin/node', process.execPath);
      fs.writeFileSync(path.join(dir, name), unit);
    }
    const result = spawnSync(
      ANALYZE as string,
      ['verify', '--man=no', './samaj@8080.service', './samaj-backup.service', './samaj-backup.timer'],
      { cwd: dir, encoding: 'utf8' },
    );
    const said = `${result.stdout}${result.stderr}`
      .split('\n')
      // Machines without a running systemd (containers) add lines about the manager itself.
      .filter((line) => /samaj/.test(line));
    expect(said).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('the unit keeps the sandbox the README promises', () => {
    const unit = fs.readFileSync(path.join(SYSTEMD, 'samaj@.service'), 'utf8');
    for (const line of [
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/samaj',
      'MemoryMax=600M',
      'Restart=on-failure',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'the nightly backup script writes an archive with pg_dump and removes those older than BACKUP_KEEP_DAYS',
    async () => {
      const database = await scratchDatabase('samaj_nightly');
      try {
        const backups = path.join(tempDir('samaj-nightly-'), 'backups');
        fs.mkdirSync(backups);
        const old = path.join(backups, 'samaj-20200101T033000Z.tar.gz');
        const recent = path.join(backups, 'samaj-20200102T033000Z.tar.gz');
        const other = path.join(backups, 'notes.txt');
        for (const file of [old, recent, other]) fs.writeFileSync(file, 'x');
        const day = 24 * 60 * 60;
        const now = Date.now() / 1000;
        fs.utimesSync(old, now - 20 * day, now - 20 * day);
        fs.utimesSync(recent, now - 5 * day, now - 5 * day);
        fs.utimesSync(other, now - 40 * day, now - 40 * day);

        const result = spawnSync('sh', [path.join(SYSTEMD, 'samaj-backup.sh')], {
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            DATA_DIR: tempDir('samaj-nightly-data-'),
            BACKUP_DIR: backups,
            BACKUP_KEEP_DAYS: '14',
            LOG_LEVEL: 'silent',
            TEST_DATABASE_URL: '',
          },
          encoding: 'utf8',
        });
        expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
        expect(result.stdout).toMatch(/Backed up .* to .*samaj-\d{8}T\d{6}Z\.tar\.gz\./);
        const left = fs.readdirSync(backups).sort();
        expect(left).not.toContain(path.basename(old));
        expect(left).toContain(path.basename(recent));
        expect(left).toContain('notes.txt');
        const made = left.filter(
          (file) => /^samaj-\d{8}T\d{6}Z\.tar\.gz$/.test(file) && !file.startsWith('samaj-2020'),
        );
        expect(made).toHaveLength(1);
        expect(fs.statSync(path.join(backups, made[0] as string)).mode & 0o777).toBe(0o600);

        const refused = spawnSync('sh', [path.join(SYSTEMD, 'samaj-backup.sh')], {
          env: { ...process.env, BACKUP_DIR: backups, BACKUP_KEEP_DAYS: 'two weeks' },
          encoding: 'utf8',
        });
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('BACKUP_KEEP_DAYS must be a number of days');
      } finally {
        await database.drop();
      }
    },
  );
});
