package com.courtrush.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.fontbox.ttf.TrueTypeCollection;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * A receipt as a PDF of one page of a till roll's width (80 mm), as long as its lines need: the first line (the gym's
 * name) a little larger, every line wrapped to the width, set in the CJK font the engine ships (WenQuanYi Micro Hei,
 * embedded as a subset, so any viewer shows a Chinese name). The desk's receipts at the console and a student's from My
 * bookings are the same paper.
 */
public final class ReceiptPdf {

    /** A till roll's width: 80 mm, in points. */
    public static final float WIDTH = 80 / 25.4f * 72;

    static final String FONT = "/fonts/wqy-microhei.ttc";
    private static final float MARGIN = 12;
    private static final float SIZE = 9;
    private static final float LEADING = 13;

    private ReceiptPdf() {}

    /** The lines as a PDF; {@code what} names the receipt in a failure's message. */
    public static byte[] of(List<String> lines, String what) {
        try (PDDocument document = new PDDocument()) {
            PDType0Font font = font(document);
            List<String> pieces = new ArrayList<>();
            List<Float> sizes = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                float size = i == 0 ? SIZE + 3 : SIZE;
                for (String piece : wrapped(lines.get(i), font, size)) {
                    pieces.add(piece);
                    sizes.add(size);
                }
            }
            float height = MARGIN * 2 + LEADING * (pieces.size() + 1);
            PDPage page = new PDPage(new PDRectangle(WIDTH, height));
            document.addPage(page);
            try (PDPageContentStream text = new PDPageContentStream(document, page)) {
                text.beginText();
                text.setLeading(LEADING);
                text.newLineAtOffset(MARGIN, height - MARGIN - SIZE);
                for (int i = 0; i < pieces.size(); i++) {
                    text.setFont(font, sizes.get(i));
                    text.showText(pieces.get(i));
                    text.newLine();
                }
                text.endText();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("The receipt " + what + " could not be set as a PDF", e);
        }
    }

    /** A line cut into pieces that fit the roll's width. */
    private static List<String> wrapped(String line, PDType0Font font, float size) throws IOException {
        List<String> pieces = new ArrayList<>();
        float room = WIDTH - MARGIN * 2;
        StringBuilder piece = new StringBuilder();
        for (int offset = 0; offset < line.length(); ) {
            int codePoint = line.codePointAt(offset);
            String next = piece + new String(Character.toChars(codePoint));
            if (piece.length() > 0 && font.getStringWidth(next) / 1000 * size > room) {
                pieces.add(piece.toString());
                piece.setLength(0);
            }
            piece.appendCodePoint(codePoint);
            offset += Character.charCount(codePoint);
        }
        pieces.add(piece.toString());
        return pieces;
    }

    private static PDType0Font font(PDDocument document) throws IOException {
        try (InputStream in = ReceiptPdf.class.getResourceAsStream(FONT)) {
            if (in == null) {
                throw new IOException("The receipts' font " + FONT + " is missing");
            }
            TrueTypeCollection collection = new TrueTypeCollection(in);
            AtomicReference<TrueTypeFont> first = new AtomicReference<>();
            collection.processAllFonts(font -> first.compareAndSet(null, font));
            return PDType0Font.load(document, first.get(), true);
        }
    }
}
