// mjml 5 ships no type declarations; the part of its API we use.
declare module 'mjml' {
  interface MjmlError {
    line: number
    message: string
    tagName: string
    formattedMessage: string
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip'
    fonts?: Record<string, string>
    keepComments?: boolean
    ignoreIncludes?: boolean
    minify?: boolean
    beautify?: boolean
    juiceOptions?: Record<string, unknown>
  }
  export default function mjml2html(
    input: string,
    options?: MjmlOptions,
  ): Promise<{ html: string; errors: MjmlError[] }>
}
