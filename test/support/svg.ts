/** Checks on the SVG charts the bench writes, shared by their tests. */

/** Problems that keep `xml` from being well-formed: unbalanced tags, bare `&` or `<`, one root. */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  let roots = 0;
  const checkText = (t: string) => {
    for (let i = t.indexOf('&'); i !== -1; i = t.indexOf('&', i + 1)) {
      if (!/^&(amp|lt|gt|quot|apos|#\d+);/.test(t.slice(i))) problems.push(`bare & in ${JSON.stringify(t.slice(i, i + 12))}`);
    }
  };
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    checkText(xml.slice(i, lt === -1 ? xml.length : lt));
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) return [...problems, 'unclosed tag at the end'];
    const tag = xml.slice(lt + 1, gt);
    if (tag.includes('<')) problems.push(`< inside tag ${tag.slice(0, 30)}`);
    if ((tag.match(/"/g) ?? []).length % 2) problems.push(`unbalanced quotes in ${tag.slice(0, 30)}`);
    checkText(tag);
    const name = /^\/?([A-Za-z][\w:-]*)/.exec(tag)?.[1];
    if (!name) problems.push(`bad tag <${tag.slice(0, 30)}>`);
    else if (tag.startsWith('/')) {
      const top = open.pop();
      if (top !== name) problems.push(`</${name}> closes <${top}>`);
    } else {
      if (open.length === 0) roots++;
      if (!tag.endsWith('/')) open.push(name);
    }
    i = gt + 1;
  }
  if (open.length) problems.push(`left open: ${open.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

export const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
