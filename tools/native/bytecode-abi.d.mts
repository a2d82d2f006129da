// Types of tools/native/bytecode-abi.mjs for the TypeScript tests (test/native).
export const SECTION: string;
export function elfSection(bytes: Buffer, name: string): Buffer | null;
export function abiOf(file: string): string;
export function compareAbi(writer: string, reader: string): string | null;
