package com.courtrush.setting;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

@Mapper
interface AppConfigMapper extends BaseMapper<AppConfig> {}
