/**
 * 19-digit snowflake ids as strings (sortable by creation time), like the stock system's ids.
 * 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 bits of sequence.
 */
const EPOCH = 1577836800000n;
const worker = BigInt(process.pid % 1024);
let lastMs = 0n;
let seq = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    seq = 0n;
  }
  if (now < lastMs) now = lastMs;
  lastMs = now;
  const id = ((now - EPOCH) << 22n) | (worker << 12n) | seq;
  return id.toString().padStart(19, '1');
}
