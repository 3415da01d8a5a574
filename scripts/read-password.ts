/**
 * Reads a password without it ever being on a command line (shell history, `ps`): typed at a
 * terminal with echo off, or piped on stdin (its first line) by a script or a secret store.
 */

/** Reads the first line of a piped stdin. */
async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/, 1)[0] ?? "";
}

/** Prompts on the terminal with echo off; Ctrl-C aborts (exit 130), Backspace edits. */
function promptHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    let typed = "";
    const done = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener("data", onData);
      process.stderr.write("\n");
    };
    const onData = (input: string) => {
      for (const char of input) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          done();
          return resolve(typed);
        }
        if (char === "\u0003") {
          done();
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    stdin.on("data", onData);
  });
}

/** The new password: asked twice at a terminal (a typo would lock the account out), read once from a pipe. */
export async function readNewPassword(): Promise<{ password: string } | { mismatch: true }> {
  if (!process.stdin.isTTY) return { password: await readPipedLine() };
  const password = await promptHidden("New password: ");
  const again = await promptHidden("Repeat it: ");
  return password === again ? { password } : { mismatch: true };
}
