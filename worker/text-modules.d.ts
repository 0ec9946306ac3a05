/** Text modules (wrangler's default rule for *.txt): the file's content as a string. */
declare module '*.txt' {
  const text: string;
  export default text;
}
