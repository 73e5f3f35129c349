// A search's page of ids and its total, kept per API process under the directory's generation (migration 0054): the
// number every change to the listing moves on, by trigger, in the changing transaction. Ranking is the search's
// costly part (every full-text match scored, then sorted); the cards themselves are read fresh on every request.
// A process that reads a newer generation drops every page it kept, so no process serves a page older than the
// database it just read, whichever process made the change (decision 0019, round three).
import type { Db } from '../../db/connect';
import { snippetOf, type ExpertSearch } from './rules';

export interface SearchPage {
  ids: number[];
  total: number;
}

/** Pages kept at most, per process: the most recently used stay (a Map keeps insertion order). */
export const SEARCH_PAGES_KEPT = 500;

export class SearchPageCache {
  private generation: string | undefined;
  private readonly pages = new Map<string, SearchPage>();

  constructor(private readonly max = SEARCH_PAGES_KEPT) {}

  /** The page kept for `key` at this generation; a newer generation empties the cache first. */
  get(generation: string, key: string): SearchPage | undefined {
    if (generation !== this.generation) {
      this.generation = generation;
      this.pages.clear();
      return undefined;
    }
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  /** Keeps `page`, ranked at `generation`, unless the cache has moved on to another one meanwhile; answers it. */
  set(generation: string, key: string, page: SearchPage): SearchPage {
    if (generation !== this.generation) return page;
    if (this.pages.size >= this.max) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
    return page;
  }

  get size(): number {
    return this.pages.size;
  }
}

const caches = new WeakMap<Db, SearchPageCache>();

/** This database's cache in this process. */
export function searchPageCache(db: Db): SearchPageCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SearchPageCache()));
  return cache;
}

/** Everything that chooses a page: the words, the filters, the order and the page number. */
export function searchPageKey(search: ExpertSearch): string {
  return JSON.stringify([search.tokens, search.service ?? null, search.area ?? null, search.minFee ?? null, search.maxFee ?? null, search.country ?? null, search.verified, search.sort, search.page]);
}

/** Snippets kept at most, per process. */
export const SNIPPETS_KEPT = 2000;

type Snippet = ReturnType<typeof snippetOf>;

/**
 * The cards' snippets, kept by the words searched and the summary they were cut from: snippetOf is a function of those
 * two alone, so a kept one is exactly what it would compute, and an edited summary is another key. Cutting and
 * highlighting twelve summaries was the largest part of a search whose page is kept (decision 0019, the read path).
 * The least recently used go first; the answers are frozen, as every later search shares them.
 */
export class SnippetMemo {
  private readonly kept = new Map<string, Snippet>();

  constructor(private readonly max = SNIPPETS_KEPT) {}

  of(summary: string | null, tokens: string[]): Snippet {
    // NUL joins the words (queryTokens keeps only letters and digits) and ends them before the summary.
    const key = `${tokens.join('\0')}\0\0${summary ?? ''}`;
    let snippet = this.kept.get(key);
    if (snippet) {
      this.kept.delete(key);
    } else {
      const made = snippetOf(summary, tokens);
      for (const range of made.highlights) Object.freeze(range);
      snippet = Object.freeze({ snippet: made.snippet, highlights: Object.freeze(made.highlights) as Snippet['highlights'] });
      if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(key, snippet);
    return snippet;
  }

  get size(): number {
    return this.kept.size;
  }
}
