export { extractedTextMaxChars, unreadableText, type ExtractedText } from './text';
export { htmlToPlainText } from './html-to-text';
export { createTextExtractor, type TextExtractor } from './pool';
