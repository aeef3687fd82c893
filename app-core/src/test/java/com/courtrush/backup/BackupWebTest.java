package com.courtrush.backup;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.backup.api.BackupDesk;
import com.courtrush.core.Outcome;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * Backups for staff, through the desk: whether they can be made and which there are; making one.
 */
@WebMvcTest(controllers = {AdminBackupController.class})
@WebSlice
class BackupWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    BackupDesk backupDesk;

    @Test
    void withoutAnEmbeddedDatabaseThereAreNoBackupsToList() throws Exception {
        mvc.perform(get("/admin/backups").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.available").value(false))
                .andExpect(jsonPath("$.data.backups").isEmpty());
    }

    @Test
    void staffMakeABackup() throws Exception {
        answersOk(STAFF, HttpMethod.POST, "/admin/backups", null);
        verify(backupDesk).backUp(any());
    }

    /** {@code method path [body]} with the token (none if null): 200 and the success envelope. */
    private void answersOk(String token, HttpMethod method, String path, String body) throws Exception {
        MockHttpServletRequestBuilder call = request(method, path);
        if (token != null) {
            call.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            call.contentType(MediaType.APPLICATION_JSON).content(body);
        }
        mvc.perform(call)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.code").value(Outcome.SUCCESS.code()));
    }
}
