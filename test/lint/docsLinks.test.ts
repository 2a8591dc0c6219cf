/**
 * Every relative link of the README and docs/ leads somewhere: the file (or folder) exists, and a
 * `#fragment` names a heading of the target page, slugged as GitHub slugs headings. A page moved
 * or a heading renamed breaks a link silently on GitHub; here it fails the run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** README.md and every Markdown page under docs/, as paths relative to the repository. */
function pagesToCheck(): string[] {
  const pages = ['README.md'];
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) pages.push(relative);
    }
  };
  walk('docs');
  return pages;
}

/** The text with fenced code blocks blanked out (lines kept, so positions still mean something). */
function withoutCodeBlocks(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === undefined && opening) {
      fence = opening[1]!;
      return '';
    }
    if (fence !== undefined) {
      if (
        line.trim().startsWith(fence[0]!.repeat(fence.length)) &&
        line.trim().replaceAll(fence[0]!, '') === ''
      )
        fence = undefined;
      return '';
    }
    return line;
  });
}

/** A line with its inline code spans removed (a link inside backticks is not a link). */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(?:(?!\1).)+?\1/g, '');
}

/** The link targets of a page: inline links and images `[text](target "title")`, and `[label]: target`. */
function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const rawLine of withoutCodeBlocks(markdown)) {
    const line = withoutCodeSpans(rawLine);
    for (const match of line.matchAll(
      /\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    )) {
      targets.push(match[1]!.replace(/^<|>$/g, ''));
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) targets.push(definition[1]!.replace(/^<|>$/g, ''));
  }
  return targets;
}

/** The text of a heading as rendered: code, emphasis and link syntax gone. */
function renderedText(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/(^|\W)[*_]{1,3}(?=\S)|(?<=\S)[*_]{1,3}(?=\W|$)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function githubSlug(heading: string): string {
  return renderedText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs, repeats numbered as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * The broken relative links of `page` (a path relative to the repository) whose text is
 * `markdown`, each with what is wrong. Links within the page are checked against `markdown`.
 */
function brokenLinks(page: string, markdown: string = readFileSync(path.join(root, page), 'utf8')): string[] {
  const pagePath = path.join(root, page);
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // absolute: https:, mailto:…
    const hash = target.indexOf('#');
    const rawPath = hash === -1 ? target : target.slice(0, hash);
    const fragment = hash === -1 ? '' : decodeURIComponent(target.slice(hash + 1));
    const targetPath =
      rawPath === '' ? pagePath : path.resolve(path.dirname(pagePath), decodeURIComponent(rawPath));
    if (rawPath !== '' && !existsSync(targetPath)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (fragment === '') continue;
    if (targetPath !== pagePath && (!targetPath.endsWith('.md') || statSync(targetPath).isDirectory())) {
      broken.push(`${target}: a fragment into something that is not a Markdown page`);
      continue;
    }
    const text = targetPath === pagePath ? markdown : readFileSync(targetPath, 'utf8');
    if (!anchorsOf(text).has(fragment.toLowerCase())) {
      broken.push(`${target}: no heading #${fragment} in ${path.relative(root, targetPath)}`);
    }
  }
  return broken;
}

describe('relative links of the README and docs/', () => {
  const pages = pagesToCheck();

  it('finds the pages to check', () => {
    expect(pages).toContain('README.md');
    expect(pages).toContain('docs/architecture.md');
  });

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});

describe('the link check itself', () => {
  it('slugs headings as GitHub does', () => {
    expect(githubSlug('The HTTP edge')).toBe('the-http-edge');
    expect(githubSlug('RefDesk — architecture')).toBe('refdesk--architecture');
    expect(githubSlug('Back office: corporate actions inbox')).toBe('back-office-corporate-actions-inbox');
    expect(githubSlug('The `npm test` command')).toBe('the-npm-test-command');
    expect(githubSlug('Refusals, offline, unreachable servers')).toBe('refusals-offline-unreachable-servers');
    expect([...anchorsOf('# A\n## Options\n```\n# not a heading\n```\n## Options\n')]).toEqual([
      'a',
      'options',
      'options-1',
    ]);
  });

  it('reads inline links, images and definitions, and skips code', () => {
    const markdown = [
      'See [the guide](docs/user-guide.md#settings) and ![shot](docs/images/a.png "Title").',
      'Not `[a link](nowhere.md)` in code.',
      '```',
      '[nor](here.md)',
      '```',
      '[label]: <docs/simulator.md>',
      '[web](https://example.com)',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual([
      'docs/user-guide.md#settings',
      'docs/images/a.png',
      'docs/simulator.md',
      'https://example.com',
    ]);
  });

  it('reports a missing file, a missing heading and a fragment into a picture; accepts what exists', () => {
    const markdown = [
      '# A page in docs/',
      '## The parts',
      '[gone](no-such-page.md)',
      '[bad heading](simulator.md#no-such-heading)',
      '[bad local heading](#nowhere)',
      '[picture](images/option-chain-spx.png#top)',
      '[good](simulator.md#options)',
      '[good local](#the-parts)',
      '[good folder](../bench/results/)',
      '[good picture](images/option-chain-spx.png)',
      '[elsewhere](https://example.com/missing.md#nothing)',
    ].join('\n');
    expect(brokenLinks('docs/probe.md', markdown)).toEqual([
      'no-such-page.md: no such file',
      'simulator.md#no-such-heading: no heading #no-such-heading in docs/simulator.md',
      '#nowhere: no heading #nowhere in docs/probe.md',
      'images/option-chain-spx.png#top: a fragment into something that is not a Markdown page',
    ]);
  });
});
