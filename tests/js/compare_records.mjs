// Reads a game record and supersoma's annotated copy of it with tsshogi (ShogiHome's record
// library) and checks that the copy is the record whole: the start position, every move, every
// header, every comment (the analysis added after it), every time and the end.
// Usage: node compare_records.mjs ORIGINAL ANNOTATED   (exit 1 with the differences)
import fs from "node:fs";
import { importCSA, importKIF, Move } from "tsshogi";

// The text of a record file: .kifu is UTF-8 and the annotated .kif must be Shift_JIS, as the
// GUIs' convention says; an original .kif or .csa may be either.
function decode(path, strict) {
  const bytes = fs.readFileSync(path);
  if (path.endsWith(".kifu")) return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  if (path.endsWith(".kif") && strict) return new TextDecoder("shift_jis").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("shift_jis").decode(bytes);
  }
}

function read(path, strict) {
  const text = decode(path, strict);
  const record = path.endsWith(".csa") ? importCSA(text) : importKIF(text);
  if (record instanceof Error) throw new Error(`${path}: tsshogi: ${record.message}`);
  const headers = {};
  for (const key of record.metadata.standardMetadataKeys)
    headers[key] = record.metadata.getStandardMetadata(key);
  for (const key of record.metadata.customMetadataKeys)
    headers[key] = record.metadata.getCustomMetadata(key);
  const nodes = record.moves;  // nodes[0] is the start position
  const last = nodes[nodes.length - 1].move;
  return {
    sfen: record.initialPosition.sfen,
    moves: nodes.filter((n) => n.move instanceof Move).map((n) => n.move.usi),
    end: last instanceof Move ? "" : last.type,
    headers,
    comments: nodes.map((n) => n.comment),
    elapsed: nodes.map((n) => n.elapsedMs),
  };
}

const [original, annotated] = process.argv.slice(2).map((p, i) => read(p, i === 1));
const faults = [];
const expect = (ok, what) => ok || faults.push(what);
expect(original.moves.length > 0, "the original has no moves");
expect(original.sfen === annotated.sfen, `start ${original.sfen} became ${annotated.sfen}`);
expect(JSON.stringify(original.moves) === JSON.stringify(annotated.moves), "the moves differ");
expect(original.end === annotated.end, `the end '${original.end}' became '${annotated.end}'`);
for (const [key, value] of Object.entries(original.headers))
  expect(annotated.headers[key] === value, `header ${key}: '${value}' became '${annotated.headers[key]}'`);
original.comments.forEach((c, ply) => {
  const copy = annotated.comments[ply] ?? "";
  expect(copy.startsWith(c), `ply ${ply}: the comment '${c}' became '${copy}'`);
});
// Every analysed move carries the analysis (the score ShogiHome reads), after the original.
annotated.comments.slice(1, original.moves.length + 1).forEach((c, i) =>
  expect(/#(評価値|詰み)=/.test(c), `move ${i + 1} has no analysis comment`));
expect(JSON.stringify(original.elapsed) === JSON.stringify(annotated.elapsed), "the times differ");
if (faults.length) {
  console.error(faults.slice(0, 20).join("\n"));
  process.exit(1);
}
console.log(`${process.argv[2]}: ${original.moves.length} moves, ` +
  `${Object.keys(original.headers).length} headers, ` +
  `${original.comments.filter((c) => c).length} comments, end '${original.end}' kept`);
