import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Parameters<NodeFS['init']>[1];

/** What of Emscripten's NODEFS this needs: the two calls that give a file or folder its mode. */
interface NodeFsOps {
  mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
  setattr(node: unknown, attr: { mode?: number }): void;
}

/** Group and other: no read, write or entry. */
const OTHERS = 0o077;

/**
 * PGlite's data folder on disk, its files 0600 and its folders 0700. PGlite
 * runs PostgreSQL in WebAssembly, whose file layer ignores the process's
 * umask: it makes the initial database 0666 and sets every new file's mode
 * itself (with its own umask of 022). Password hashes, the app's secret and
 * every order are in there, so the two calls that set a mode drop group and
 * other before reaching the disk.
 */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(...args);
    const ownerOnly = (mod: { NODEFS: unknown }) => {
      const ops = (mod.NODEFS as { node_ops?: Partial<NodeFsOps> }).node_ops;
      if (typeof ops?.mknod !== 'function' || typeof ops.setattr !== 'function') {
        throw new Error('PGlite changed its file layer: owner-only modes cannot be applied (db/owner-only-fs.ts)');
      }
      const mknod = ops.mknod.bind(ops);
      const setattr = ops.setattr.bind(ops);
      ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~OTHERS, dev);
      ops.setattr = (node, attr) =>
        setattr(node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~OTHERS });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [ownerOnly, ...(emscriptenOpts.preRun ?? [])] } };
  }
}
