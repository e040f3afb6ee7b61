// The few parts of Node.js this bot uses. They are declared here, not taken from @types/node,
// so that the contest server's build (its own tsc, no network, no node_modules) compiles
// exactly what `npm run build` compiles. Using more of Node? Declare it here too.

declare const process: {
  readonly stdin: unknown;
  readonly stdout: { write(text: string): boolean };
  readonly stderr: { write(text: string): boolean };
  exit(code?: number): never;
};

declare module "node:readline" {
  interface Interface {
    on(event: "line", listener: (line: string) => void): this;
    on(event: "close", listener: () => void): this;
    close(): void;
  }
  function createInterface(options: { input: unknown; terminal?: boolean }): Interface;
}
