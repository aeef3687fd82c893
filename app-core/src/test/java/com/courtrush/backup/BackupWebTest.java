package com.courtrush.backup;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

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
        WebCalls.answersOk(mvc, STAFF, HttpMethod.POST, "/admin/backups", null);
        verify(backupDesk).backUp(any());
    }
}
