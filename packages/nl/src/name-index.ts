/**
 * The user's client names and aliases as a trie of their words (clients.ts decides what the words are
 * and which sequences may name a client). Reading a name from the text walks the trie word by word
 * from where it can start, so the cost of matching is the words read, never the number of names: a
 * full quota of 1,000 clients with 20 aliases each costs the same per word as three clients.
 *
 * The trie is compressed: a run of words that no name leaves or ends in is one edge (the words of the
 * name that made it), so it holds a few nodes per name however long the names are. A place in the trie
 * is a `NamePosition`: a node, or a word inside the edge leading to it.
 */

/** A name of the list: its client and its rank in the list (an earlier name wins a tie). */
export interface NameRef {
  client: string;
  rank: number;
}

interface NameNode {
  /** Words from the root to this node. */
  readonly depth: number;
  /** The words of a name through this node: the edge into it is `words[parent depth, depth)`. */
  readonly words: readonly string[];
  children: Map<string, NameNode> | null;
  /** The first name ending here, and the first of those written with spaces (the ones read in the text). */
  ended: NameRef | null;
  endedSpaced: NameRef | null;
  /** The client of every name through here (ending here or going on), `shared` when they name two or more. */
  client: string;
  shared: boolean;
  /** Rank of the first name written with spaces through here (-1: none), and of the first one going on past this node. */
  firstSpaced: number;
  firstSpacedBeyond: number;
}

/** A place in the trie: `depth` words read, on the edge into `node` (at the node itself when the depths are equal). */
export interface NamePosition {
  readonly node: NameNode;
  readonly depth: number;
}

function newNode(depth: number, words: readonly string[], client: string): NameNode {
  return { depth, words, children: null, ended: null, endedSpaced: null, client, shared: false, firstSpaced: -1, firstSpacedBeyond: -1 };
}

export class NameIndex {
  private readonly root = newNode(0, [], '');
  private names = 0;

  /** How many names were added. */
  get size(): number {
    return this.names;
  }

  get start(): NamePosition {
    return { node: this.root, depth: 0 };
  }

  /** Adds a name (at least one word) in list order; `spaced`: written with spaces, so it can be read word by word in the text. */
  add(words: readonly string[], client: string, spaced: boolean): void {
    const ref: NameRef = { client, rank: this.names };
    this.names += 1;
    let node = this.root;
    while (node.depth < words.length) {
      if (spaced && node.firstSpacedBeyond < 0) node.firstSpacedBeyond = ref.rank;
      const word = words[node.depth] as string;
      let child = node.children?.get(word);
      if (child === undefined) {
        child = newNode(words.length, words, client);
        (node.children ??= new Map()).set(word, child);
      } else {
        // Follow the edge as far as the name goes along it; where it leaves or ends, the edge gets a node.
        let depth = node.depth + 1;
        while (depth < child.depth && depth < words.length && child.words[depth] === words[depth]) depth += 1;
        if (depth < child.depth) child = this.split(node, child, depth);
      }
      this.pass(child, ref, spaced);
      node = child;
    }
    if (node.ended === null) node.ended = ref;
    if (spaced && node.endedSpaced === null) node.endedSpaced = ref;
  }

  /** A node at `depth` on the edge from `parent` to `child`; every name through it goes on to `child`. */
  private split(parent: NameNode, child: NameNode, depth: number): NameNode {
    const middle = newNode(depth, child.words, child.client);
    middle.shared = child.shared;
    middle.firstSpaced = child.firstSpaced;
    middle.firstSpacedBeyond = child.firstSpaced;
    middle.children = new Map([[child.words[depth] as string, child]]);
    parent.children?.set(child.words[parent.depth] as string, middle);
    return middle;
  }

  private pass(node: NameNode, ref: NameRef, spaced: boolean): void {
    if (node.client !== ref.client) node.shared = true;
    if (spaced && node.firstSpaced < 0) node.firstSpaced = ref.rank;
  }

  /** The place one word further, or null when no name goes on with that word. */
  step(position: NamePosition, word: string): NamePosition | null {
    const { node, depth } = position;
    if (depth < node.depth) return node.words[depth] === word ? { node, depth: depth + 1 } : null;
    const child = node.children?.get(word);
    return child === undefined ? null : { node: child, depth: depth + 1 };
  }

  /** The first name whose words are exactly those read (`spaced`: among the names written with spaces). */
  fullName(position: NamePosition, spaced: boolean): NameRef | null {
    const { node, depth } = position;
    if (depth !== node.depth || depth === 0) return null;
    return spaced ? node.endedSpaced : node.ended;
  }

  /**
   * The client whose names written with spaces are the only ones to start with the words read and go on
   * past them (a leading word sequence of one client's names), ranked by the first such name; else null.
   */
  leadingPart(position: NamePosition): NameRef | null {
    const { node, depth } = position;
    if (depth === 0 || node.shared) return null;
    const rank = depth === node.depth ? node.firstSpacedBeyond : node.firstSpaced;
    return rank < 0 ? null : { client: node.client, rank };
  }
}
