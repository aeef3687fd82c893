package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Positive;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Receipts", description = "A student's receipt of a paid booking (SPEC §21)")
@RestController
@Validated
class ReceiptController {

    private final StudentReceipts receipts;

    ReceiptController(StudentReceipts receipts) {
        this.receipts = receipts;
    }

    @Operation(
            summary = "My receipt of a paid booking as a PDF, in the request's language: the venue, the booking, each "
                    + "payment with its order number, each refund, and what I paid in all; 409 while nothing is paid")
    @GetMapping("/reservations/{reservationId}/receipt.pdf")
    ResponseEntity<byte[]> receipt(
            @PathVariable @Positive long reservationId,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        byte[] pdf = receipts.pdf(reservationId, caller, RequestLocales.of(http));
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_PDF)
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment()
                                .filename("courtrush-receipt-" + reservationId + ".pdf")
                                .build()
                                .toString())
                .body(pdf);
    }
}
