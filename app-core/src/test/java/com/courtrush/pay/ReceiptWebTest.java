package com.courtrush.pay;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.ReceiptPdf;
import com.courtrush.support.WebSlice;
import java.util.List;
import java.util.Locale;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** A student's receipt of a paid booking (SPEC §21): a PDF download for the student, in their language. */
@WebMvcTest(controllers = {ReceiptController.class})
@WebSlice
class ReceiptWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    StudentReceipts receipts;

    @Test
    void aStudentDownloadsTheReceiptOfAPaidBookingAsAPdfThatReadsInTheirLanguage() throws Exception {
        byte[] pdf = ReceiptPdf.of(List.of("场馆预约", "东区体育馆", "收据", "订单号 CR2611300001", "实付合计：¥30.00"), "test");
        given(receipts.pdf(eq(5L), any(), eq(Locale.SIMPLIFIED_CHINESE))).willReturn(pdf);
        byte[] body = mvc.perform(get("/reservations/5/receipt.pdf")
                        .header("Authorization", "Bearer " + STUDENT)
                        .header("Accept-Language", "zh-CN"))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Type", "application/pdf"))
                .andExpect(header().string("Content-Disposition", "attachment; filename=\"courtrush-receipt-5.pdf\""))
                .andReturn()
                .getResponse()
                .getContentAsByteArray();
        try (PDDocument read = Loader.loadPDF(body)) {
            assertThat(new PDFTextStripper().getText(read)).contains("东区体育馆", "CR2611300001", "¥30.00");
        }
    }

    @Test
    void anUnpaidBookingHasNoReceiptAndStaffAreNotItsStudent() throws Exception {
        given(receipts.pdf(eq(6L), any(), any())).willThrow(CourtRushException.conflict("receipt.unpaid", 6L));
        mvc.perform(get("/reservations/6/receipt.pdf").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isConflict());
        mvc.perform(get("/reservations/5/receipt.pdf").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isForbidden());
    }
}
