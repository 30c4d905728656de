/** An RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF records. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (quoted) {
      if (character === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"' && field === "") quoted = true;
    else if (character === ",") {
      row.push(field);
      field = "";
    } else if (character === "\r" && text[at + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      at++;
    } else field += character;
  }
  if (field !== "" || row.length > 0) throw new Error("the CSV does not end with CRLF");
  return rows;
}
