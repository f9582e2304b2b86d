import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';

/** Where Debian's `dovecot-imapd` and `dovecot-lmtpd` put the server (the test command installs them). */
export const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The uid and gid mail is stored as: ours, or Debian's `dovecot` user when the tests run as root. */
const mailOwner = () => {
  const me = userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid, internal: me.username };
  return { name: 'dovecot', uid: -1, gid: -1, internal: 'dovecot' };
};

export interface Dovecot {
  host: string;
  /** Plain IMAP (no TLS) on 127.0.0.1. */
  port: number;
  /** LMTP (the SMTP dialect of local delivery) on 127.0.0.1. */
  lmtpPort: number;
  /** Adds a mailbox user; add them all before the first login (Dovecot caches the file by its time). */
  addUser(user: string, password: string): void;
  /** Delivers a raw message (or a mail nodemailer composes) to `to` over LMTP, as a mail server would. */
  deliver(
    to: string,
    mail: { from: string; subject: string; text: string; messageId?: string } | Buffer,
  ): Promise<void>;
  /** An IMAP session as `user`, for a test to read what the connector wrote back. */
  client(user: string, password: string): Promise<ImapFlow>;
  /** Changes the folder's UIDVALIDITY, as a server does when it rebuilds its index. */
  resetUidValidity(user: string, folder?: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real Dovecot on two free ports of 127.0.0.1, in a temporary folder: IMAP without TLS (plain
 * login allowed on loopback), Maildir per user, users in a passwd file. DESIGN.md §7: the tests
 * of the IMAP connector run against it.
 *
 * @example
 * const dovecot = await startDovecot();
 * dovecot.addUser('ana', 'secret-password');
 * await dovecot.deliver('ana', { from: 'client@example.org', subject: 'Hello', text: 'Hi' });
 */
export const startDovecot = async (): Promise<Dovecot> => {
  const root = mkdtempSync(path.join(tmpdir(), 'dovecot-'));
  // Dovecot's own processes (auth, mail) run as its users: they must reach the folder.
  chmodSync(root, 0o755);
  const owner = mailOwner();
  for (const dir of ['run', 'state', 'mail']) mkdirSync(path.join(root, dir), { recursive: true });
  if (owner.uid === -1) {
    // As root: the mail folders belong to Debian's dovecot user, which the mail processes run as.
    const uid = Number(execFileSync('id', ['-u', 'dovecot']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'dovecot']).toString().trim());
    chownSync(path.join(root, 'mail'), uid, gid);
    Object.assign(owner, { uid, gid });
  }
  const [port, lmtpPort] = [await freePort(), await freePort()];
  const passwd = path.join(root, 'passwd');
  const users = new Map<string, string>();
  const writeUsers = () =>
    writeFileSync(passwd, [...users].map(([u, p]) => `${u}:{PLAIN}${p}::::::\n`).join(''));
  writeUsers();
  const conf = path.join(root, 'dovecot.conf');
  writeFileSync(
    conf,
    `protocols = imap lmtp
listen = 127.0.0.1
base_dir = ${root}/run
state_dir = ${root}/state
instance_name = dovecot-${path.basename(root)}
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${owner.internal}
default_internal_group = ${owner.internal}
default_login_user = ${owner.uid === userInfo().uid ? owner.name : 'dovenull'}
first_valid_uid = 1
mail_location = maildir:${root}/mail/%u
mail_uid = ${owner.uid}
mail_gid = ${owner.gid}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = create
  }
}
passdb {
  driver = passwd-file
  args = ${passwd}
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${root}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
  unix_listener lmtp {
    mode = 0600
  }
}
protocol lmtp {
  auth_username_format = %Ln
}
`,
  );
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // Ready once it accepts connections on the IMAP port.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const c = connect(port, '127.0.0.1');
      c.once('connect', () => (c.destroy(), resolve(true)));
      c.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`dovecot did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const client = async (user: string, password: string) => {
    const session = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await session.connect();
    return session;
  };
  const lmtp = nodemailer.createTransport({ host: '127.0.0.1', port: lmtpPort, lmtp: true, secure: false });
  return {
    host: '127.0.0.1',
    port,
    lmtpPort,
    addUser: (user, password) => {
      users.set(user, password);
      writeUsers();
    },
    deliver: async (user, mail) => {
      const to = user.includes('@') ? user : `${user}@localhost`;
      if (Buffer.isBuffer(mail)) {
        await lmtp.sendMail({ envelope: { from: 'sender@example.org', to }, raw: mail });
        return;
      }
      await lmtp.sendMail({ ...mail, to });
    },
    client,
    resetUidValidity: async (user, folder = 'INBOX') => {
      // Dovecot keeps UIDVALIDITY in the Maildir's dovecot-uidlist and index: removing them makes a new one.
      const dir =
        folder === 'INBOX' ? path.join(root, 'mail', user) : path.join(root, 'mail', user, `.${folder}`);
      for (const f of [
        'dovecot-uidlist',
        'dovecot.index',
        'dovecot.index.cache',
        'dovecot.index.log',
        'dovecot.list.index',
        'dovecot.list.index.log',
      ])
        rmSync(path.join(dir, f), { force: true });
      await new Promise((r) => setTimeout(r, 1100));
    },
    stop: async () => {
      lmtp.close();
      child.kill('SIGTERM');
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
};
