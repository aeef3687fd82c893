package com.courtrush.campus;

import com.courtrush.account.api.Caller;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** Staff unbind a student's WeChat (SPEC §22): a lost or shared phone no longer signs them in. */
@Tag(name = "WeChat sign-in", description = "Inside WeChat's browser, a student whose WeChat is bound signs in by it")
@RestController
class WechatAdminController {

    private final CampusSignInDesk desk;

    WechatAdminController(CampusSignInDesk desk) {
        this.desk = desk;
    }

    @Operation(summary = "Unbind the WeChat of a student (their account id): it no longer signs them in (audited)")
    @DeleteMapping("/admin/wechat-bindings/{id}")
    ApiResponse<Map<String, Boolean>> unbind(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(Map.of("unbound", desk.unbindWechat(id, caller)));
    }
}
