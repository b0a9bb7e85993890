import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * @daybook/shared builds its zod schemas in top-level constants (`export const taskSchema = z.object(…)`).
 * Building a schema has no side effect, but a bundler cannot know that, so every schema (and zod) would
 * land in the first chunk that imports anything from the package. This marks each such top-level call as
 * pure (wrapped in an annotated arrow call that runs at once, as before): constants nobody uses are
 * dropped, and the dashboard loads without zod. Only files under `include` are touched.
 */
export function pureSharedConstants(include: string): Plugin {
  return {
    name: 'daybook:pure-shared-constants',
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(include) || /\.test\.tsx?$/.test(id) || !/\.(t|j)sx?$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const edits: Array<{ start: number; end: number }> = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (!declaration || declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init && init.type === 'CallExpression') edits.push({ start: init.start, end: init.end });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { start, end } of edits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}
